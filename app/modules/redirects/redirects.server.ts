import { parse } from "csv-parse/sync";
import { asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { z } from "~/modules/platform/zod";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { redirects, type Redirect } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import { CSV_BOM, csvLine } from "~/modules/leads/lead-csv";
import {
  checkRule,
  indexRules,
  matchRule,
  normalizeFromPath,
  rulesLeadingTo,
  targetOf,
  type RuleIndex,
  type RuleLike,
} from "./redirect-rules";
import {
  MAX_IMPORT_ROWS,
  REDIRECT_MESSAGES,
  ruleFields,
  ruleProblems,
  type RuleValues,
} from "./redirect.schema";

/**
 * Redirect rules as staff manage them (docs/REQUIREMENTS.md R10), and as the server
 * applies them: a per-process copy of the active rules, reloaded after this process's own
 * changes and otherwise every few seconds, and hits counted in memory and added to the
 * table every few seconds and at shutdown (decision 010).
 */

export const REDIRECT_ADMIN_MESSAGES = {
  taken: "There is already a redirect for this path.",
  notFound: "That redirect no longer exists.",
  loop: (paths: string[]) =>
    `This would make a loop (${paths.join(" → ")}), so visitors would never arrive. Change where it goes.`,
  chain: (paths: string[]) =>
    `Visitors go through more than one redirect here (${paths.join(" → ")}). Pointing straight at ${paths.at(-1)} is faster.`,
  chainedInto: (paths: string[]) =>
    `${paths.join(", ")} already ${paths.length === 1 ? "redirects" : "redirect"} here, so visitors from there now go through two redirects.`,
} as const;

/** How old the copy of the rules may get before a request reloads it. */
export const RULES_RELOAD_MS = 5_000;
/** How long counted hits wait in memory before they are added to the table. */
export const HITS_FLUSH_MS = 3_000;

export const REDIRECTS_PAGE_SIZE = 50;

type RuleRow = Pick<Redirect, "id" | "fromPath" | "toPath" | "type" | "isActive">;
const ruleColumns = {
  id: redirects.id,
  fromPath: redirects.fromPath,
  toPath: redirects.toPath,
  type: redirects.type,
  isActive: redirects.isActive,
};

// ---------------------------------------------------------------------------------------
// Applying the rules

interface PendingHits {
  count: number;
  last: Date;
}

export interface RedirectAnswer {
  ruleId: number;
  type: number;
  /** Where it leads, query kept; "" for a 410. */
  location: string;
}

/** The rules of one database as this process applies them, and its uncounted hits. */
export class RedirectEngine {
  private index: RuleIndex<RuleRow> | undefined;
  private loadedAt = 0;
  private loading: Promise<RuleIndex<RuleRow>> | undefined;
  private pending = new Map<number, PendingHits>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private generation = 0;

  constructor(
    private readonly db: Database,
    private readonly options: {
      reloadMs?: number;
      flushMs?: number;
      onError?: (err: unknown) => void;
    } = {},
  ) {}

  /** The rule for a request's path and where it leads, if one applies. */
  async answer(pathname: string, search: string): Promise<RedirectAnswer | undefined> {
    const index = await this.rules();
    const match = matchRule(index, pathname);
    if (!match) return undefined;
    const { rule } = match;
    return {
      ruleId: rule.id,
      type: rule.type,
      location: rule.type === 410 ? "" : targetOf(match, search),
    };
  }

  /** Counts a hit in memory; it reaches the table at the next flush. */
  hit(ruleId: number, at = new Date()): void {
    const entry = this.pending.get(ruleId);
    if (entry) {
      entry.count += 1;
      if (at > entry.last) entry.last = at;
    } else this.pending.set(ruleId, { count: 1, last: at });
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch((err: unknown) => this.options.onError?.(err));
    }, this.options.flushMs ?? HITS_FLUSH_MS);
    this.timer.unref?.();
  }

  /** Adds the counted hits to the table; on failure they stay counted for the next try. */
  flush(): Promise<void> {
    this.flushing = this.flushing.catch(() => {}).then(() => this.writeHits());
    return this.flushing;
  }

  private async writeHits(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    // One statement for every counted rule: additions, so instances sharing PostgreSQL
    // never overwrite each other's counts.
    const values = sql.join(
      [...batch].map(
        ([id, { count: hits, last }]) =>
          sql`(${id}::integer, ${hits}::bigint, ${last.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    try {
      await this.db.execute(sql`
        update ${redirects} set
          hit_count = ${redirects}.hit_count + counted.hits,
          last_hit = greatest(${redirects}.last_hit, counted.last)
        from (values ${values}) as counted(id, hits, last)
        where ${redirects}.id = counted.id`);
    } catch (error) {
      for (const [id, hits] of batch) {
        const entry = this.pending.get(id);
        if (entry) {
          entry.count += hits.count;
          if (hits.last > entry.last) entry.last = hits.last;
        } else this.pending.set(id, hits);
      }
      throw error;
    }
  }

  /** After this process changed the rules: the next request reads them again. */
  invalidate(): void {
    this.generation += 1;
    this.loadedAt = 0;
    this.loading = undefined;
  }

  /** Writes what is counted and stops the timer (at shutdown). */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private rules(): Promise<RuleIndex<RuleRow>> {
    const age = Date.now() - this.loadedAt;
    if (this.index && age < (this.options.reloadMs ?? RULES_RELOAD_MS)) {
      return Promise.resolve(this.index);
    }
    const loading = (this.loading ??= this.load().finally(() => {
      if (this.loading === loading) this.loading = undefined;
    }));
    // A copy that is merely old keeps serving while the reload runs; after this
    // process's own change (loadedAt reset) requests wait for the new rules.
    if (this.index && this.loadedAt > 0) {
      loading.catch((err: unknown) => this.options.onError?.(err));
      return Promise.resolve(this.index);
    }
    return loading;
  }

  private async load(): Promise<RuleIndex<RuleRow>> {
    const generation = this.generation;
    const started = Date.now();
    const rows = await this.db
      .select(ruleColumns)
      .from(redirects)
      .where(eq(redirects.isActive, true));
    const index = indexRules(rows);
    // A change made while this read ran is not in it: keep it for this caller only.
    if (generation === this.generation) {
      this.index = index;
      this.loadedAt = started;
    }
    return index;
  }
}

// Kept on globalThis so the development server's module reloads keep one engine (and its
// counted hits) per database.
const holder = globalThis as typeof globalThis & {
  __lumenRedirects?: WeakMap<Database, RedirectEngine>;
};

/** The engine of this database in this process. */
export function redirectEngine(db: Database, onError?: (err: unknown) => void): RedirectEngine {
  holder.__lumenRedirects ??= new WeakMap();
  let engine = holder.__lumenRedirects.get(db);
  if (!engine) {
    engine = new RedirectEngine(db, { onError });
    holder.__lumenRedirects.set(db, engine);
  }
  return engine;
}

/** At shutdown: the hits counted so far reach the table. */
export async function stopRedirects(db: Database): Promise<void> {
  const engine = holder.__lumenRedirects?.get(db);
  if (!engine) return;
  holder.__lumenRedirects?.delete(db);
  await engine.stop();
}

// ---------------------------------------------------------------------------------------
// The staff screen

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export async function listRedirects(
  db: Database,
  { q = "", page = 1 }: { q?: string; page?: number } = {},
): Promise<{ rules: Redirect[]; total: number; page: number; pageCount: number }> {
  const query = q.trim().slice(0, 200);
  const where = query
    ? or(ilike(redirects.fromPath, likePattern(query)), ilike(redirects.toPath, likePattern(query)))
    : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(redirects)
    .where(where);
  const pageCount = Math.max(1, Math.ceil(total / REDIRECTS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rules = await db
    .select()
    .from(redirects)
    .where(where)
    .orderBy(asc(redirects.fromPath))
    .limit(REDIRECTS_PAGE_SIZE)
    .offset((current - 1) * REDIRECTS_PAGE_SIZE);
  return { rules, total, page: current, pageCount };
}

export async function getRedirect(db: Database, id: number): Promise<Redirect | undefined> {
  const [row] = await db.select().from(redirects).where(eq(redirects.id, id));
  return row;
}

export type RedirectOutcome =
  | { ok: true; id: number; warning?: string }
  | { ok: false; errors: Partial<Record<"fromPath" | "toPath" | "form", string>> };

/** What saving needs: a transaction, and the database whose engine it refreshes. */
type Handle = Pick<DatabaseHandle, "transaction" | "db">;

/** The stored form of a rule's values. */
function ruleRow(values: RuleValues) {
  return {
    fromPath: normalizeFromPath(values.fromPath),
    toPath: values.type === 410 ? "" : (values.toPath ?? "").trim(),
    type: values.type as Redirect["type"],
    isActive: values.isActive,
  };
}

/**
 * Refuses a rule that would loop with the other active rules (R12.4); a rule that chains
 * into others, or that others chain into, is saved with a warning.
 */
function loopCheck(
  candidate: RuleLike & { isActive: boolean },
  others: RuleRow[],
): { error?: string; warning?: string } {
  if (!candidate.isActive) return {};
  const active = others.filter((rule) => rule.isActive);
  const check = checkRule(candidate, active);
  if (!check.ok) return { error: REDIRECT_ADMIN_MESSAGES.loop(check.loop) };
  if (check.chain.length > 0) return { warning: REDIRECT_ADMIN_MESSAGES.chain(check.chain) };
  const into = rulesLeadingTo(candidate, active);
  if (into.length > 0) {
    return {
      warning: REDIRECT_ADMIN_MESSAGES.chainedInto(into.slice(0, 3).map((r) => r.fromPath)),
    };
  }
  return {};
}

const isUniqueViolation = (error: unknown): boolean => {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

async function saveRule(
  database: Handle,
  actor: Actor,
  values: RuleValues,
  id: number | undefined,
): Promise<RedirectOutcome> {
  const row = ruleRow(values);
  try {
    const outcome = await database.transaction(async ({ db }): Promise<RedirectOutcome> => {
      const all = await db.select(ruleColumns).from(redirects);
      const before = id === undefined ? undefined : all.find((rule) => rule.id === id);
      if (id !== undefined && !before)
        return { ok: false, errors: { form: REDIRECT_ADMIN_MESSAGES.notFound } };
      if (all.some((rule) => rule.fromPath === row.fromPath && rule.id !== id)) {
        return { ok: false, errors: { fromPath: REDIRECT_ADMIN_MESSAGES.taken } };
      }
      const others = all.filter((rule) => rule.id !== id);
      const { error, warning } = loopCheck(row, others);
      if (error) return { ok: false, errors: { toPath: error } };
      let savedId: number;
      if (before) {
        await db
          .update(redirects)
          .set({ ...row, updatedAt: new Date() })
          .where(eq(redirects.id, before.id));
        savedId = before.id;
        const changes = Object.fromEntries(
          (["fromPath", "toPath", "type", "isActive"] as const)
            .filter((field) => before[field] !== row[field])
            .map((field) => [field, { from: before[field], to: row[field] }]),
        );
        await recordAudit(db, actor, {
          action: "redirect.update",
          target: `redirect:${savedId}`,
          details: changes,
        });
      } else {
        const [created] = await db.insert(redirects).values(row).returning({ id: redirects.id });
        savedId = created!.id;
        await recordAudit(db, actor, {
          action: "redirect.create",
          target: `redirect:${savedId}`,
          details: row,
        });
      }
      return { ok: true, id: savedId, ...(warning ? { warning } : {}) };
    });
    if (outcome.ok) redirectEngine(database.db).invalidate();
    return outcome;
  } catch (error) {
    // Someone else saved a rule for the same path a moment ago.
    if (isUniqueViolation(error))
      return { ok: false, errors: { fromPath: REDIRECT_ADMIN_MESSAGES.taken } };
    throw error;
  }
}

export const createRedirect = (
  database: Handle,
  actor: Actor,
  values: RuleValues,
): Promise<RedirectOutcome> => saveRule(database, actor, values, undefined);

export const updateRedirect = (
  database: Handle,
  actor: Actor,
  id: number,
  values: RuleValues,
): Promise<RedirectOutcome> => saveRule(database, actor, values, id);

/** Switches a rule on (checked for loops like a save) or off. */
export async function setRedirectActive(
  database: Handle,
  actor: Actor,
  id: number,
  isActive: boolean,
): Promise<RedirectOutcome> {
  const rule = await getRedirect(database.db, id);
  if (!rule) return { ok: false, errors: { form: REDIRECT_ADMIN_MESSAGES.notFound } };
  const outcome = await updateRedirect(database, actor, id, {
    fromPath: rule.fromPath,
    toPath: rule.toPath,
    type: rule.type,
    isActive,
  });
  if (!outcome.ok && outcome.errors.toPath)
    return { ok: false, errors: { form: outcome.errors.toPath } };
  return outcome;
}

export async function deleteRedirect(
  database: Handle,
  actor: Actor,
  id: number,
): Promise<RedirectOutcome> {
  const outcome = await database.transaction(async ({ db }): Promise<RedirectOutcome> => {
    const [removed] = await db.delete(redirects).where(eq(redirects.id, id)).returning();
    if (!removed) return { ok: false, errors: { form: REDIRECT_ADMIN_MESSAGES.notFound } };
    await recordAudit(db, actor, {
      action: "redirect.delete",
      target: `redirect:${id}`,
      details: {
        fromPath: removed.fromPath,
        toPath: removed.toPath,
        type: removed.type,
        hitCount: removed.hitCount,
      },
    });
    return { ok: true, id };
  });
  if (outcome.ok) redirectEngine(database.db).invalidate();
  return outcome;
}

// ---------------------------------------------------------------------------------------
// CSV

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
  database: Handle,
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
