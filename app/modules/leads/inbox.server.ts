import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type PgBoss from "pg-boss";
import * as z from "zod";
import type { Database, DatabaseHandle } from "~/db/client.server";
import {
  affiliates,
  LEAD_STATUSES,
  leadNotes,
  leads,
  leadStatusChanges,
  spamSubmissions,
  users,
  webhookDeliveries,
  type Lead,
  type LeadStatus,
  type SpamSubmission,
  type Touch,
} from "~/db/schema";
import { isValidAffiliateCode } from "~/modules/affiliates/affiliate-code";
import { findActiveAffiliateByCode } from "~/modules/affiliates/referrals.server";
import { cleanTrackingParams, type TrackingParams } from "~/modules/attribution/tracking";
import { recordAudit } from "~/modules/audit/audit.server";
import { enqueueMail } from "~/modules/mail/mail.server";
import { getCompanySettings } from "~/modules/settings/settings.server";
import {
  enqueueLeadDeliveries,
  listDeliveriesForLead,
  replayDelivery,
} from "~/modules/webhooks/webhooks.server";
import { CSV_BOM, csvLine, LEAD_CSV_HEADER, leadCsvRow } from "./lead-csv";
import { leadStatusLabel } from "./lead-display";
import {
  sourceOptions,
  toLeadFormValues,
  type LeadFieldErrors,
  type LeadFormValues,
} from "./lead-options";
import { validateLead } from "./lead.schema";
import { leadNotificationMail } from "./lead-notification";

/**
 * The staff's lead inbox: the filtered list (cursor pages, CSV), one lead with its
 * attribution, deliveries, notes and status history, the status pipeline, and the spam
 * folder. Every change is written with its audit entry in one transaction.
 */

/** Leads per page of the inbox. */
export const PAGE_SIZE = 25;
/** The company's time zone: days in filters and figures start at midnight there. */
export const COMPANY_TIME_ZONE = "America/New_York";
const TZ = sql.raw(`'${COMPANY_TIME_ZONE}'`);
/** leads.job_value_cents is a 4-byte integer. */
export const MAX_JOB_VALUE_CENTS = 2_147_483_647;
const MAX_NOTE_LENGTH = 5000;
const MAX_LOST_REASON_LENGTH = 500;
const EXPORT_BATCH = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string =>
  typeof value === "string" && UUID.test(value);

/** Who is acting, for the audit log and the history. */
export interface StaffActor {
  id: string;
  email: string;
  ip: string | null;
}

// ---------------------------------------------------------------------------------------
// Cursors: (created_at, id), newest first. The time travels as text with microseconds,
// because a JavaScript Date would round it to milliseconds and skip or repeat rows.

export interface Cursor {
  at: string;
  id: string;
}

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function parseCursor(raw: string | null | undefined): Cursor | undefined {
  if (!raw) return undefined;
  const [at, id, ...rest] = raw.split("~");
  return at && id && rest.length === 0 && CURSOR_AT.test(at) && UUID.test(id)
    ? { at, id }
    : undefined;
}

const encodeCursor = (cursor: Cursor): string => `${cursor.at}~${cursor.id}`;

const exactTime = (column: PgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const olderThan = (createdAt: PgColumn, id: PgColumn, cursor: Cursor): SQL =>
  sql`(${createdAt}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;

// ---------------------------------------------------------------------------------------
// Filters (the URL's query string), shared by the list and the CSV export.

export interface LeadFilter {
  status?: LeadStatus;
  source?: string;
  /** Days in the company's time zone, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
  /** An affiliate's id, "any" (any referral code) or "none" (no referral code). */
  affiliate?: string;
  /** Part of a name, e-mail address or phone number. */
  q?: string;
}

export type LeadFilterErrors = Partial<Record<keyof LeadFilter, string>>;

const FILTER_KEYS = ["status", "source", "from", "to", "affiliate", "q"] as const;

const DATE_MESSAGE = "Enter a date like 2026-11-20";
const isRealDate = (text: string) => {
  const [year, month, day] = text.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 &&
    year <= 9999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
};
const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine(isRealDate, DATE_MESSAGE);

const filterFieldSchemas: Record<(typeof FILTER_KEYS)[number], z.ZodType<string>> = {
  status: z.enum(LEAD_STATUSES, { error: "Choose a status from the list" }),
  source: z.string().max(200, "Choose a source from the list"),
  from: dateSchema,
  to: dateSchema,
  affiliate: z
    .string()
    .refine(
      (value) => value === "any" || value === "none" || UUID.test(value),
      "Choose an affiliate from the list",
    ),
  q: z.string().max(200, "Search for at most 200 characters"),
};

/**
 * The filter in a query string. Each field is checked on its own: a wrong one is left out
 * and explained, the others still apply.
 */
export function parseLeadFilter(params: URLSearchParams): {
  filter: LeadFilter;
  errors: LeadFilterErrors;
} {
  const filter: Record<string, string> = {};
  const errors: LeadFilterErrors = {};
  for (const key of FILTER_KEYS) {
    const raw = (params.get(key) ?? "").trim();
    if (!raw) continue;
    const result = filterFieldSchemas[key].safeParse(raw);
    if (result.success) filter[key] = result.data;
    else errors[key] = result.error.issues[0]?.message ?? "Check this value";
  }
  if (filter.from && filter.to && filter.from > filter.to) {
    errors.to = "The end date is before the start date";
    delete filter.to;
  }
  return { filter: filter as LeadFilter, errors };
}

/** The filter as a query string (stable order), for links that keep it. */
export function leadFilterQuery(filter: LeadFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function filterConditions(filter: LeadFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(leads.status, filter.status));
  if (filter.source) conditions.push(eq(leads.source, filter.source));
  if (filter.from) {
    conditions.push(
      gte(leads.createdAt, sql`(${filter.from}::date::timestamp at time zone ${TZ})`),
    );
  }
  if (filter.to) {
    conditions.push(
      lt(leads.createdAt, sql`((${filter.to}::date + 1)::timestamp at time zone ${TZ})`),
    );
  }
  if (filter.affiliate === "any") conditions.push(isNotNull(leads.affiliateCode));
  else if (filter.affiliate === "none") conditions.push(isNull(leads.affiliateCode));
  else if (filter.affiliate) conditions.push(eq(leads.affiliateId, filter.affiliate));
  if (filter.q) {
    const pattern = likePattern(filter.q);
    const matches: SQL[] = [
      sql`${leads.firstName} ilike ${pattern}`,
      sql`${leads.lastName} ilike ${pattern}`,
      sql`(${leads.firstName} || ' ' || ${leads.lastName}) ilike ${pattern}`,
      sql`${leads.email} ilike ${pattern}`,
      sql`${leads.phone} like ${pattern}`,
    ];
    // Phone numbers are stored as +16175550142; "(617) 555-01" should still find them.
    const digits = filter.q.replace(/\D/g, "");
    if (digits.length >= 3 && /^[\d\s().+-]+$/.test(filter.q)) {
      matches.push(sql`${leads.phone} like ${likePattern(digits)}`);
    }
    conditions.push(or(...matches) ?? sql`false`);
  }
  return conditions;
}

// ---------------------------------------------------------------------------------------
// The list and the export.

export interface LeadListItem {
  id: string;
  createdAt: Date;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  source: string;
  referralName: string | null;
  otherSource: string | null;
  status: LeadStatus;
  jobValueCents: number | null;
  affiliateCode: string | null;
  affiliateName: string | null;
}

export interface LeadPage {
  leads: LeadListItem[];
  /** The cursor of the next page, or null on the last one. */
  nextCursor: string | null;
  /** How many leads match the filter in all. */
  total: number;
}

async function leadBatch(
  db: Database,
  filter: LeadFilter,
  cursor: Cursor | undefined,
  limit: number,
) {
  const conditions = filterConditions(filter);
  if (cursor) conditions.push(olderThan(leads.createdAt, leads.id, cursor));
  const rows = await db
    .select({ lead: leads, affiliateName: affiliates.name, cursorAt: exactTime(leads.createdAt) })
    .from(leads)
    .leftJoin(affiliates, eq(affiliates.id, leads.affiliateId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next = rows.length > limit && last ? { at: last.cursorAt, id: last.lead.id } : undefined;
  return { rows: page, next };
}

/** One page of the inbox, newest first. */
export async function listLeads(
  db: Database,
  filter: LeadFilter,
  cursor?: Cursor,
  limit = PAGE_SIZE,
): Promise<LeadPage> {
  const conditions = filterConditions(filter);
  const [{ rows, next }, [total]] = await Promise.all([
    leadBatch(db, filter, cursor, limit),
    db
      .select({ n: count() })
      .from(leads)
      .where(conditions.length ? and(...conditions) : undefined),
  ]);
  return {
    leads: rows.map(({ lead, affiliateName }) => ({
      id: lead.id,
      createdAt: lead.createdAt,
      firstName: lead.firstName,
      lastName: lead.lastName,
      email: lead.email,
      phone: lead.phone,
      source: lead.source,
      referralName: lead.referralName,
      otherSource: lead.otherSource,
      status: lead.status,
      jobValueCents: lead.jobValueCents,
      affiliateCode: lead.affiliateCode,
      affiliateName,
    })),
    nextCursor: next ? encodeCursor(next) : null,
    total: Number(total?.n ?? 0),
  };
}

/** Every lead the filter matches, newest first, read a batch at a time. */
export async function* leadsForExport(
  db: Database,
  filter: LeadFilter,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<Lead> {
  let cursor: Cursor | undefined;
  for (;;) {
    const { rows, next } = await leadBatch(db, filter, cursor, batchSize);
    for (const row of rows) yield row.lead;
    if (!next) return;
    cursor = next;
  }
}

/**
 * The CSV of every lead the filter matches, and its audit entry (the filter and the row
 * count, no personal data).
 */
export async function exportLeads(
  db: Database,
  actor: StaffActor,
  filter: LeadFilter,
): Promise<{ csv: string; rows: number }> {
  let csv = CSV_BOM + csvLine(LEAD_CSV_HEADER);
  let rows = 0;
  for await (const lead of leadsForExport(db, filter)) {
    csv += csvLine(leadCsvRow(lead));
    rows += 1;
  }
  await recordAudit(db, {
    actorId: actor.id,
    actorEmail: actor.email,
    action: "leads.export",
    target: "leads",
    details: { filter: { ...filter }, rows },
    ipAddress: actor.ip,
  });
  return { csv, rows };
}

/** What the filter's affiliate and source menus offer. */
export async function leadFilterOptions(db: Database, referralByName: string) {
  const [affiliateRows, sourceRows] = await Promise.all([
    db
      .select({ id: affiliates.id, name: affiliates.name, code: affiliates.code })
      .from(affiliates)
      .orderBy(asc(affiliates.name)),
    db.selectDistinct({ source: leads.source }).from(leads),
  ]);
  // The form's current options first, then any older value still found on leads.
  const sources = [...sourceOptions(referralByName)];
  for (const { source } of sourceRows.sort((a, b) => a.source.localeCompare(b.source))) {
    if (!sources.includes(source)) sources.push(source);
  }
  return { affiliates: affiliateRows, sources };
}

// ---------------------------------------------------------------------------------------
// One lead.

export interface StatusHistoryEntry {
  id: number;
  fromStatus: LeadStatus | null;
  toStatus: LeadStatus;
  jobValueCents: number | null;
  lostReason: string | null;
  createdAt: Date;
  actorName: string | null;
  actorEmail: string | null;
}

export interface LeadNoteEntry {
  id: number;
  body: string;
  createdAt: Date;
  authorName: string | null;
  authorEmail: string | null;
}

export interface DeliveryLogEntry {
  id: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  lastAttemptAt: Date | null;
  deliveredAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  /** Host and path only: receivers often carry a token in the query string. */
  endpoint: { id: number; address: string; description: string };
  attemptLog: {
    id: number;
    attemptNumber: number;
    statusCode: number | null;
    durationMs: number;
    error: string | null;
    createdAt: Date;
  }[];
}

export interface LeadDetail {
  lead: Lead;
  affiliate: { id: string; name: string; code: string; status: string } | null;
  history: StatusHistoryEntry[];
  notes: LeadNoteEntry[];
  deliveries: DeliveryLogEntry[];
  /** The spam entry this lead was restored from, if any. */
  restoredFrom: { id: string; reason: string; createdAt: Date } | null;
}

function endpointAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    return "(invalid address)";
  }
}

export async function getLeadDetail(db: Database, leadId: string): Promise<LeadDetail | undefined> {
  if (!isUuid(leadId)) return undefined;
  const [row] = await db
    .select({
      lead: leads,
      affiliate: {
        id: affiliates.id,
        name: affiliates.name,
        code: affiliates.code,
        status: affiliates.status,
      },
    })
    .from(leads)
    .leftJoin(affiliates, eq(affiliates.id, leads.affiliateId))
    .where(eq(leads.id, leadId));
  if (!row) return undefined;

  const [history, notes, deliveries, [restoredFrom]] = await Promise.all([
    db
      .select({
        id: leadStatusChanges.id,
        fromStatus: leadStatusChanges.fromStatus,
        toStatus: leadStatusChanges.toStatus,
        jobValueCents: leadStatusChanges.jobValueCents,
        lostReason: leadStatusChanges.lostReason,
        createdAt: leadStatusChanges.createdAt,
        actorName: users.name,
        actorEmail: users.email,
      })
      .from(leadStatusChanges)
      .leftJoin(users, eq(users.id, leadStatusChanges.actorId))
      .where(eq(leadStatusChanges.leadId, leadId))
      .orderBy(desc(leadStatusChanges.createdAt), desc(leadStatusChanges.id)),
    db
      .select({
        id: leadNotes.id,
        body: leadNotes.body,
        createdAt: leadNotes.createdAt,
        authorName: users.name,
        authorEmail: users.email,
      })
      .from(leadNotes)
      .leftJoin(users, eq(users.id, leadNotes.authorId))
      .where(eq(leadNotes.leadId, leadId))
      .orderBy(desc(leadNotes.createdAt), desc(leadNotes.id)),
    listDeliveriesForLead(db, leadId),
    db
      .select({
        id: spamSubmissions.id,
        reason: spamSubmissions.reason,
        createdAt: spamSubmissions.createdAt,
      })
      .from(spamSubmissions)
      .where(eq(spamSubmissions.leadId, leadId))
      .limit(1),
  ]);

  return {
    lead: row.lead,
    affiliate: row.affiliate,
    history,
    notes,
    deliveries: deliveries.map((delivery) => ({
      id: delivery.id,
      status: delivery.status,
      attempts: delivery.attempts,
      nextAttemptAt: delivery.nextAttemptAt,
      lastAttemptAt: delivery.lastAttemptAt,
      deliveredAt: delivery.deliveredAt,
      lastError: delivery.lastError,
      createdAt: delivery.createdAt,
      endpoint: {
        id: delivery.endpoint.id,
        address: endpointAddress(delivery.endpoint.url),
        description: delivery.endpoint.description,
      },
      attemptLog: delivery.attemptLog.map((attempt) => ({
        id: attempt.id,
        attemptNumber: attempt.attemptNumber,
        statusCode: attempt.statusCode,
        durationMs: attempt.durationMs,
        error: attempt.error,
        createdAt: attempt.createdAt,
      })),
    })),
    restoredFrom: restoredFrom ?? null,
  };
}

// ---------------------------------------------------------------------------------------
// The status pipeline.

/**
 * Dollars as staff type them ("12,500", "12500.50", "$12,500.00") in cents, without
 * floating point.
 */
export function parseDollarsToCents(raw: string): { cents: number } | { error: string } {
  const text = raw.trim().replace(/^\$\s*/, "");
  if (!text) return { error: "Enter the job value in dollars" };
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(text)) {
    return { error: "Enter the job value in dollars, like 12,500 or 12500.50" };
  }
  const [whole = "0", fraction = ""] = text.replace(/,/g, "").split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents) || cents > MAX_JOB_VALUE_CENTS) {
    return { error: "The job value can be at most $21,474,836.47" };
  }
  if (cents <= 0) return { error: "A won job needs a value above $0" };
  return { cents };
}

export interface StatusChangeInput {
  status: string;
  jobValue: string;
  lostReason: string;
}

export type StatusChangeErrors = Partial<Record<keyof StatusChangeInput, string>>;

export type StatusChangeOutcome =
  | { kind: "changed"; status: LeadStatus; jobValueCents: number | null }
  | { kind: "invalid"; errors: StatusChangeErrors }
  | { kind: "not_found" };

const statusSchema = z.enum(LEAD_STATUSES, { error: "Choose a status from the list" });

/**
 * Moves a lead along the pipeline: the history row, the lead's own columns and the audit
 * entry in one transaction. A job value belongs to a won lead and a reason to a lost one,
 * so moving elsewhere clears them (the history keeps what they were).
 */
export async function changeLeadStatus(
  database: Pick<DatabaseHandle, "transaction">,
  actor: StaffActor,
  leadId: string,
  input: StatusChangeInput,
): Promise<StatusChangeOutcome> {
  if (!isUuid(leadId)) return { kind: "not_found" };
  const errors: StatusChangeErrors = {};
  const parsedStatus = statusSchema.safeParse(input.status.trim());
  const status = parsedStatus.success ? parsedStatus.data : undefined;
  if (!status) errors.status = "Choose a status from the list";

  let jobValueCents: number | null = null;
  if (status === "won") {
    const money = parseDollarsToCents(input.jobValue);
    if ("error" in money) errors.jobValue = money.error;
    else jobValueCents = money.cents;
  }
  const lostReason = status === "lost" ? input.lostReason.trim().replace(/\s+/g, " ") : null;
  if (status === "lost") {
    if (!lostReason) errors.lostReason = "Say why the lead was lost";
    else if (lostReason.length > MAX_LOST_REASON_LENGTH) {
      errors.lostReason = `Keep the reason under ${MAX_LOST_REASON_LENGTH} characters`;
    }
  }
  if (!status || Object.keys(errors).length > 0) return { kind: "invalid", errors };

  return database.transaction(async (tx) => {
    const [current] = await tx.db
      .select({
        status: leads.status,
        jobValueCents: leads.jobValueCents,
        lostReason: leads.lostReason,
      })
      .from(leads)
      .where(eq(leads.id, leadId))
      .for("update");
    if (!current) return { kind: "not_found" } as const;
    if (
      current.status === status &&
      current.jobValueCents === jobValueCents &&
      current.lostReason === lostReason
    ) {
      return {
        kind: "invalid",
        errors: { status: `The lead is already ${leadStatusLabel(status)}` },
      } as const;
    }

    await tx.db.insert(leadStatusChanges).values({
      leadId,
      fromStatus: current.status,
      toStatus: status,
      jobValueCents,
      lostReason,
      actorId: actor.id,
    });
    await tx.db
      .update(leads)
      .set({ status, jobValueCents, lostReason, updatedAt: sql`now()` })
      .where(eq(leads.id, leadId));
    await recordAudit(tx.db, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: "lead.status",
      target: `lead:${leadId}`,
      details: {
        from: current.status,
        to: status,
        ...(jobValueCents !== null ? { jobValueCents } : {}),
        ...(lostReason !== null ? { lostReason } : {}),
      },
      ipAddress: actor.ip,
    });
    return { kind: "changed", status, jobValueCents } as const;
  });
}

// ---------------------------------------------------------------------------------------
// Notes and deliveries.

export type NoteOutcome =
  | { kind: "added"; noteId: number }
  | { kind: "invalid"; errors: { body: string } }
  | { kind: "not_found" };

export async function addLeadNote(
  database: Pick<DatabaseHandle, "transaction">,
  actor: StaffActor,
  leadId: string,
  rawBody: string,
): Promise<NoteOutcome> {
  if (!isUuid(leadId)) return { kind: "not_found" };
  const body = rawBody.replace(/\r\n/g, "\n").trim();
  if (!body) return { kind: "invalid", errors: { body: "Write the note first" } };
  if (body.length > MAX_NOTE_LENGTH) {
    return {
      kind: "invalid",
      errors: { body: `Keep a note under ${MAX_NOTE_LENGTH.toLocaleString("en-US")} characters` },
    };
  }
  return database.transaction(async (tx) => {
    const [lead] = await tx.db.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId));
    if (!lead) return { kind: "not_found" } as const;
    const [note] = await tx.db
      .insert(leadNotes)
      .values({ leadId, body, authorId: actor.id })
      .returning({ id: leadNotes.id });
    if (!note) throw new Error("The note was not stored");
    await recordAudit(tx.db, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: "lead.note",
      target: `lead:${leadId}`,
      details: { noteId: note.id, length: body.length },
      ipAddress: actor.ip,
    });
    return { kind: "added", noteId: note.id } as const;
  });
}

/**
 * Sends one of this lead's deliveries again. "busy" when it is still pending or being sent
 * (it will go out anyway).
 */
export async function replayLeadDelivery(
  database: DatabaseHandle,
  boss: PgBoss,
  actor: StaffActor,
  leadId: string,
  deliveryId: string,
): Promise<"replayed" | "busy" | "not_found"> {
  if (!isUuid(leadId) || !isUuid(deliveryId)) return "not_found";
  const [delivery] = await database.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.leadId, leadId)));
  if (!delivery) return "not_found";
  if (!(await replayDelivery(database, boss, deliveryId))) return "busy";
  await recordAudit(database.db, {
    actorId: actor.id,
    actorEmail: actor.email,
    action: "lead.webhook_replay",
    target: `lead:${leadId}`,
    details: { deliveryId },
    ipAddress: actor.ip,
  });
  return "replayed";
}

// ---------------------------------------------------------------------------------------
// The spam folder.

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
 * lead exactly as a submission would (its deliveries and the staff e-mail in the same
 * transaction), dated when it was sent. The entry keeps a link to the lead, so it cannot
 * be restored twice.
 */
export async function restoreSpamSubmission(
  services: RestoreServices,
  actor: StaffActor,
  spamId: string,
): Promise<RestoreOutcome> {
  const { database, boss } = services;
  if (!isUuid(spamId)) return { kind: "not_found" };
  const [entry] = await database.db
    .select()
    .from(spamSubmissions)
    .where(eq(spamSubmissions.id, spamId));
  if (!entry) return { kind: "not_found" };
  if (entry.leadId) return { kind: "already", leadId: entry.leadId };

  const payload = readSpamPayload(entry.payload);
  const company = await getCompanySettings(database.db);
  const validation = validateLead(payload.values, company);
  if (!validation.ok) return { kind: "invalid", errors: validation.errors };

  const tracking = cleanTrackingParams({
    ...payload.tracking,
    userAgent: entry.userAgent ?? undefined,
    ip_address: entry.ipAddress ?? undefined,
  });
  const affiliateCode = [payload.affiliateCode, tracking.aff, tracking.affiliate_code].find(
    isValidAffiliateCode,
  );
  const affiliate = affiliateCode
    ? await findActiveAffiliateByCode(database.db, affiliateCode)
    : undefined;
  const touch = touchFromTracking(tracking, payload.pagePath, entry.createdAt);

  const outcome = await database.transaction(async (tx) => {
    // Locked and re-checked, so two staff pressing at once make one lead.
    const [locked] = await tx.db
      .select({ leadId: spamSubmissions.leadId })
      .from(spamSubmissions)
      .where(eq(spamSubmissions.id, spamId))
      .for("update");
    if (!locked) return { kind: "not_found" } as const;
    if (locked.leadId) return { kind: "already", leadId: locked.leadId } as const;

    const [lead] = await tx.db
      .insert(leads)
      .values({
        ...validation.value,
        tracking,
        firstTouch: touch,
        lastTouch: touch,
        affiliateCode: affiliateCode ?? null,
        affiliateId: affiliate?.id ?? null,
        ipAddress: entry.ipAddress,
        userAgent: entry.userAgent,
        pagePath: payload.pagePath,
        channel: payload.channel,
        createdAt: entry.createdAt,
      })
      .returning();
    if (!lead) throw new Error("The lead was not stored");

    const deliveries = await enqueueLeadDeliveries(tx, boss, lead.id);
    await enqueueMail(tx, boss, leadNotificationMail(lead, company, services.publicUrl));
    await tx.db
      .update(spamSubmissions)
      .set({ leadId: lead.id })
      .where(eq(spamSubmissions.id, spamId));
    await recordAudit(tx.db, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: "spam.not_spam",
      target: `spam:${spamId}`,
      details: { leadId: lead.id, reason: entry.reason, deliveries },
      ipAddress: actor.ip,
    });
    return { kind: "restored", leadId: lead.id, deliveries } as const;
  });
  return outcome;
}

/** The one touch a spam entry can tell: the parameters it was sent with, where from. */
function touchFromTracking(
  tracking: TrackingParams,
  pagePath: string | null,
  at: Date,
): Touch | null {
  const { userAgent: _ua, ip_address: _ip, ga: _ga, fbc: _fbc, fbp: _fbp, ...params } = tracking;
  if (Object.keys(params).length === 0) return null;
  return { at: at.toISOString(), landingPath: pagePath ?? "/", params };
}
