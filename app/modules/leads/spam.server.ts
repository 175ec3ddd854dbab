import { count, desc, eq } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { spamSubmissions, type SpamSubmission } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import { cleanTrackingParams, type TrackingParams } from "~/modules/attribution/tracking";
import { isUuid } from "~/modules/platform/patterns";
import { getCompanySettings } from "~/modules/settings/settings.server";
import { toLeadFormValues, type LeadFieldErrors, type LeadFormValues } from "./lead-fields";
import { validateLead } from "./lead.schema";
import { encodeCursor, exactTime, olderThan, PAGE_SIZE, type Cursor } from "./lead-list.server";
import { storeLead, type LeadOrigin } from "./store-lead.server";
import { designKeys } from "~/modules/visualizer/design";

/** The spam folder: what the form's bot checks caught, and "Not spam". */

export interface SpamEntry {
  id: string;
  reason: SpamSubmission["reason"];
  createdAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  leadId: string | null;
  /** The form's fields as submitted (text, as the form holds them). */
  values: LeadFormValues;
  honeypot: string;
  channel: "form" | "json";
  pagePath: string | null;
  tracking: TrackingParams;
  affiliateCode: string | null;
}

export interface SpamPage {
  entries: SpamEntry[];
  nextCursor: string | null;
  total: number;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The stored payload, read defensively: it is what a bot sent. */
function readSpamPayload(payload: unknown) {
  const record = asRecord(payload);
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  const pagePath = text(record.pagePath);
  const affiliateCode = text(record.affiliateCode);
  return {
    values: toLeadFormValues(asRecord(record.values)),
    honeypot: text(record.honeypot) ?? "",
    channel: record.channel === "json" ? ("json" as const) : ("form" as const),
    pagePath: pagePath?.startsWith("/") ? pagePath.slice(0, 300) : null,
    tracking: cleanTrackingParams(record.tracking),
    affiliateCode: affiliateCode ? affiliateCode.slice(0, 100) : null,
  };
}

/** Where the caught request came from, as storeLead reads a request's origin. */
function spamOrigin(entry: SpamSubmission): LeadOrigin {
  const record = asRecord(entry.payload);
  const shown = readSpamPayload(record);
  const visitorId = typeof record.visitorId === "string" ? record.visitorId : undefined;
  return {
    channel: shown.channel,
    tracking: shown.tracking,
    cookieTracking: cleanTrackingParams(record.cookieTracking),
    affiliateCode: shown.affiliateCode ?? undefined,
    visitorId: visitorId && isUuid(visitorId) ? visitorId : undefined,
    ip: entry.ipAddress ?? undefined,
    userAgent: entry.userAgent ?? undefined,
    pagePath: shown.pagePath ?? undefined,
    visualizerDesign: designKeys(asRecord(record.visualizerDesign)),
  };
}

/** The spam folder, newest first. */
export async function listSpam(
  db: Database,
  cursor?: Cursor,
  limit = PAGE_SIZE,
): Promise<SpamPage> {
  const rows = await db
    .select({ entry: spamSubmissions, cursorAt: exactTime(spamSubmissions.createdAt) })
    .from(spamSubmissions)
    .where(cursor ? olderThan(spamSubmissions.createdAt, spamSubmissions.id, cursor) : undefined)
    .orderBy(desc(spamSubmissions.createdAt), desc(spamSubmissions.id))
    .limit(limit + 1);
  const [total] = await db.select({ n: count() }).from(spamSubmissions);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map(({ entry }) => ({
      id: entry.id,
      reason: entry.reason,
      createdAt: entry.createdAt,
      ipAddress: entry.ipAddress,
      userAgent: entry.userAgent,
      leadId: entry.leadId,
      ...readSpamPayload(entry.payload),
    })),
    nextCursor:
      rows.length > limit && last ? encodeCursor({ at: last.cursorAt, id: last.entry.id }) : null,
    total: Number(total?.n ?? 0),
  };
}

export interface RestoreServices {
  database: DatabaseHandle;
  boss: PgBoss;
  /** For the link in the staff notification. */
  publicUrl: URL;
}

export type RestoreOutcome =
  | { kind: "restored"; leadId: string; deliveries: number }
  | { kind: "invalid"; errors: LeadFieldErrors }
  | { kind: "already"; leadId: string }
  | { kind: "not_found" };

/**
 * "Not spam": the stored values go through the form's own rules and, when valid, become a
 * lead exactly as a submission would (storeLead: attribution, deliveries, staff e-mail and
 * analytics record in one transaction), dated when it was sent. The entry keeps a link to the lead, so it cannot
 * be restored twice.
 */
export async function restoreSpamSubmission(
  services: RestoreServices,
  actor: Actor,
  spamId: string,
): Promise<RestoreOutcome> {
  const { database } = services;
  if (!isUuid(spamId)) return { kind: "not_found" };
  const [entry] = await database.db
    .select()
    .from(spamSubmissions)
    .where(eq(spamSubmissions.id, spamId));
  if (!entry) return { kind: "not_found" };
  if (entry.leadId) return { kind: "already", leadId: entry.leadId };

  const company = await getCompanySettings(database.db);
  const validation = validateLead(readSpamPayload(entry.payload).values, company);
  if (!validation.ok) return { kind: "invalid", errors: validation.errors };

  return database.transaction(async (tx) => {
    // Locked and re-checked, so two staff pressing at once make one lead.
    const [locked] = await tx.db
      .select({ leadId: spamSubmissions.leadId })
      .from(spamSubmissions)
      .where(eq(spamSubmissions.id, spamId))
      .for("update");
    if (!locked) return { kind: "not_found" } as const;
    if (locked.leadId) return { kind: "already", leadId: locked.leadId } as const;

    const { lead, deliveries } = await storeLead(
      tx,
      { boss: services.boss, company, publicUrl: services.publicUrl },
      validation.value,
      spamOrigin(entry),
      entry.createdAt,
    );
    await tx.db
      .update(spamSubmissions)
      .set({ leadId: lead.id })
      .where(eq(spamSubmissions.id, spamId));
    await recordAudit(tx.db, actor, {
      action: "spam.not_spam",
      target: `spam:${spamId}`,
      details: { leadId: lead.id, reason: entry.reason, deliveries },
    });
    return { kind: "restored", leadId: lead.id, deliveries } as const;
  });
}
