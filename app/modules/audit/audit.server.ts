import { and, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { auditEvents, type AuditEvent } from "~/db/schema";
import { PAGE_CACHE_CHANNEL } from "~/modules/platform/page-cache-policy";
import type { Actor, SystemActor, Visitor } from "./actor";

export interface AuditRecord {
  /** e.g. sign_in, sign_in_failed, sign_out, settings.update, lead.status, leads.export */
  action: string;
  target?: string | null;
  /** What changed: field names and values, never passwords or secrets. */
  details?: Record<string, unknown>;
  at?: Date;
}

/**
 * Actions that never change what a public page shows: sign-ins, leads, affiliates and
 * payments, exports, staff accounts, webhooks, uploads not yet used, QR codes (their scans
 * are redirects, not pages). Every other action empties the page cache.
 */
const LEAVES_PAGES_ALONE =
  /^(sign_in|sign_in_failed|sign_out|account\.|lead\.|leads\.|spam\.|analytics\.|commission\.|payout\.|affiliate\.|affiliates\.|staff\.|not_found\.|qr_code\.|image\.upload$|settings\.webhook\.)|\.export$/;

/** Whether a recorded action may change a public page (docs/decisions/015-page-cache.md). */
export const changesPublicPages = (action: string): boolean => !LEAVES_PAGES_ALONE.test(action);

/**
 * The one writer of the audit log: who did what, when and from where. Pass the caller's
 * transaction as `db` so the record stands or falls with the change it describes.
 *
 * A change a public page may show also tells every instance to empty its page cache: a
 * NOTIFY, delivered when the caller's transaction commits, and not at all if it rolls back.
 */
export async function recordAudit(
  db: Pick<Database, "insert" | "execute">,
  by: Actor | Visitor | SystemActor,
  record: AuditRecord,
): Promise<void> {
  await db.insert(auditEvents).values({
    actorId: by.id,
    actorEmail: by.email,
    action: record.action,
    target: record.target ?? null,
    details: record.details ?? {},
    ipAddress: by.ip,
    createdAt: record.at ?? new Date(),
  });
  if (changesPublicPages(record.action)) {
    await db.execute(sql`select pg_notify(${PAGE_CACHE_CHANNEL}, ${record.action})`);
  }
}

/** Newest first, a page at a time (`before` is the last id of the previous page). */
export async function listAudit(
  db: Database,
  options: { limit?: number; before?: number; action?: string } = {},
): Promise<AuditEvent[]> {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  const conditions: SQL[] = [];
  if (options.before) conditions.push(lt(auditEvents.id, options.before));
  if (options.action) conditions.push(eq(auditEvents.action, options.action));
  return db
    .select()
    .from(auditEvents)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditEvents.id))
    .limit(limit);
}
