import { asc } from "drizzle-orm";
import { z } from "~/modules/platform/zod";
import type { Database } from "~/db/client.server";
import { auditEvents, type AuditEvent } from "~/db/schema";
import { listAudit } from "./audit.server";

/** The staff's audit log screen: its filter, its pages and the actions to choose from. */

export const AUDIT_PAGE_SIZE = 50;

/** Every action the log holds, for the filter. */
export async function auditActions(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: auditEvents.action })
    .from(auditEvents)
    .orderBy(asc(auditEvents.action));
  return rows.map((row) => row.action);
}

/** One page, newest first, and the cursor (an id) of the next page, if any. */
export async function auditPage(
  db: Database,
  options: { before?: number; action?: string },
): Promise<{ events: AuditEvent[]; next: number | null }> {
  const rows = await listAudit(db, { ...options, limit: AUDIT_PAGE_SIZE + 1 });
  const events = rows.slice(0, AUDIT_PAGE_SIZE);
  return { events, next: rows.length > AUDIT_PAGE_SIZE ? (events.at(-1)?.id ?? null) : null };
}

/** "42" -> 42; anything else -> undefined. */
export function parseAuditCursor(value: string | null): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

/**
 * The audit log's address: ?action= (one action's events) and ?before= (the page after
 * that id). Anything unreadable counts as not given, so a mangled link still shows a page.
 */
const auditFilterSchema = z.object({
  action: z
    .string()
    .optional()
    .transform((value) => value?.trim().slice(0, 100) ?? ""),
  before: z
    .string()
    .optional()
    .transform((value) => parseAuditCursor(value ?? null)),
});
export type AuditFilter = z.output<typeof auditFilterSchema>;

/** The filter in an address (its search params). */
export const readAuditFilter = (params: URLSearchParams): AuditFilter =>
  auditFilterSchema.parse(Object.fromEntries(params));
