import { parse } from "csv-parse/sync";
import { asc, sql } from "drizzle-orm";
import { z } from "~/modules/platform/zod";
import type { Database } from "~/db/client.server";
import { redirects } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import { CSV_BOM, csvLine } from "~/modules/leads/lead-csv";
import { redirectEngine, ruleColumns, type RuleRow } from "./redirect-engine.server";
import {
  MAX_IMPORT_ROWS,
  REDIRECT_MESSAGES,
  ruleFields,
  ruleProblems,
  type RuleValues,
} from "./redirect.schema";
import { loopCheck, ruleRow, type RedirectsHandle } from "./redirects.server";

/** Redirect rules in and out as CSV (docs/REQUIREMENTS.md R12.6): the import and the export. */

export const REDIRECT_CSV_HEADER = [
  "fromPath",
  "toPath",
  "type",
  "isActive",
  "hitCount",
  "lastHit",
] as const;

export const IMPORT_MESSAGES = {
  unreadable: "The file could not be read as CSV. Save it as CSV (comma-separated) and try again.",
  noHeader: "The first line must name the columns: fromPath,toPath,type,isActive.",
  tooMany: `Import at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rules at a time.`,
  empty: "The file has no rules in it.",
  duplicate: (line: number) => `This path is already on line ${line} of the file.`,
  active: "Write isActive as true or false (or leave it empty for true).",
} as const;

export interface ImportRowError {
  line: number;
  fromPath: string;
  message: string;
}

export interface ImportReport {
  dryRun: boolean;
  rows: number;
  created: number;
  updated: number;
  errors: ImportRowError[];
  /** A problem with the whole file: nothing was read. */
  fileError?: string;
}

const importRow = z.object({
  fromPath: ruleFields.fromPath,
  toPath: ruleFields.toPath,
  type: z.preprocess(
    (value) => (value === "" || value === undefined ? "301" : value),
    ruleFields.type,
  ),
});

function parseActive(value: string | undefined): boolean | undefined {
  const text = (value ?? "").trim().toLowerCase();
  if (text === "" || ["true", "yes", "1", "on", "active"].includes(text)) return true;
  if (["false", "no", "0", "off", "inactive"].includes(text)) return false;
  return undefined;
}

/**
 * Reads a CSV of rules (columns fromPath,toPath,type,isActive; others are ignored), checks
 * every row as the form would and against loops with the rules already there and the rows
 * before it, and, unless `dryRun`, saves the valid rows: new paths are added, known paths
 * replaced. Each refused row is reported with its line.
 */
export async function importRedirects(
  database: RedirectsHandle,
  actor: Actor,
  csv: string,
  { dryRun }: { dryRun: boolean },
): Promise<ImportReport> {
  const report: ImportReport = { dryRun, rows: 0, created: 0, updated: 0, errors: [] };
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(csv, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim()),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
    }) as typeof records;
  } catch {
    return { ...report, fileError: IMPORT_MESSAGES.unreadable };
  }
  const first = records[0]?.record;
  if (first && !("fromPath" in first && "toPath" in first))
    return { ...report, fileError: IMPORT_MESSAGES.noHeader };
  if (records.length === 0) return { ...report, fileError: IMPORT_MESSAGES.empty };
  if (records.length > MAX_IMPORT_ROWS) return { ...report, fileError: IMPORT_MESSAGES.tooMany };
  report.rows = records.length;

  const existing = await database.db.select(ruleColumns).from(redirects);
  const byPath = new Map<string, RuleRow>(existing.map((rule) => [rule.fromPath, rule]));
  const fileLines = new Map<string, number>();
  const accepted: ReturnType<typeof ruleRow>[] = [];
  let created = 0;
  let updated = 0;

  for (const { record, info } of records) {
    const line = info.lines;
    const fromPath = record.fromPath ?? "";
    const refuse = (message: string) => report.errors.push({ line, fromPath, message });
    const parsed = importRow.safeParse(record);
    if (!parsed.success) {
      refuse(parsed.error.issues[0]?.message ?? REDIRECT_MESSAGES.fromShape);
      continue;
    }
    const isActive = parseActive(record.isActive);
    if (isActive === undefined) {
      refuse(IMPORT_MESSAGES.active);
      continue;
    }
    const values: RuleValues = { ...parsed.data, isActive };
    const problems = ruleProblems(values);
    const problem = problems.fromPath ?? problems.toPath;
    if (problem) {
      refuse(problem);
      continue;
    }
    const row = ruleRow(values);
    const earlier = fileLines.get(row.fromPath);
    if (earlier !== undefined) {
      refuse(IMPORT_MESSAGES.duplicate(earlier));
      continue;
    }
    const known = byPath.get(row.fromPath);
    const others = [...byPath.values()].filter((rule) => rule.fromPath !== row.fromPath);
    const { error } = loopCheck(row, others);
    if (error) {
      refuse(error);
      continue;
    }
    fileLines.set(row.fromPath, line);
    byPath.set(row.fromPath, { id: known?.id ?? -line, ...row });
    accepted.push(row);
    if (known) updated += 1;
    else created += 1;
  }
  report.created = created;
  report.updated = updated;
  if (dryRun || accepted.length === 0) return report;

  await database.transaction(async ({ db }) => {
    const now = new Date();
    for (let start = 0; start < accepted.length; start += 500) {
      await db
        .insert(redirects)
        .values(accepted.slice(start, start + 500))
        .onConflictDoUpdate({
          target: redirects.fromPath,
          set: {
            toPath: sql`excluded.to_path`,
            type: sql`excluded.type`,
            isActive: sql`excluded.is_active`,
            updatedAt: now,
          },
        });
    }
    await recordAudit(db, actor, {
      action: "redirects.import",
      target: null,
      details: { rows: report.rows, created, updated, refused: report.errors.length },
    });
  });
  redirectEngine(database.db).invalidate();
  return report;
}

/** Every rule as CSV, cells guarded against spreadsheet formulas like the leads export. */
export async function exportRedirects(db: Database, actor: Actor): Promise<string> {
  const rows = await db.select().from(redirects).orderBy(asc(redirects.fromPath));
  let csv = CSV_BOM + csvLine(REDIRECT_CSV_HEADER);
  for (const rule of rows) {
    csv += csvLine([
      rule.fromPath,
      rule.toPath,
      rule.type,
      rule.isActive ? "true" : "false",
      rule.hitCount,
      rule.lastHit ? new Date(rule.lastHit).toISOString() : "",
    ]);
  }
  await recordAudit(db, actor, { action: "redirects.export", details: { rows: rows.length } });
  return csv;
}
