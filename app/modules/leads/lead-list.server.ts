import {
  filterQueryString,
  likePattern,
  optionalFilter,
  searchFilter,
} from "~/modules/platform/list-query";
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
import { z } from "~/modules/platform/zod";
import type { Database } from "~/db/client.server";
import { affiliates, LEAD_STATUSES, leads, type LeadStatus } from "~/db/schema";
import { COMPANY_TIME_ZONE, isUuid } from "~/modules/platform/patterns";
import { sourceOptions } from "./lead-fields";

/**
 * The inbox's list: the filter in the URL (read by one zod schema, shared with the CSV
 * export), cursor pages newest first, and what the filter's menus offer.
 */

/** Leads per page of the inbox. */
export const PAGE_SIZE = 25;
/** The company's time zone: days in filters and figures start at midnight there. */
const TZ = sql.raw(`'${COMPANY_TIME_ZONE}'`);

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
  return at && id && rest.length === 0 && CURSOR_AT.test(at) && isUuid(id) ? { at, id } : undefined;
}

export const encodeCursor = (cursor: Cursor): string => `${cursor.at}~${cursor.id}`;

export const exactTime = (column: PgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const olderThan = (createdAt: PgColumn, id: PgColumn, cursor: Cursor): SQL =>
  sql`(${createdAt}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;

/** The page's cursor in a query string (?cursor=...), if it is one. */
export const cursorFrom = (params: URLSearchParams): Cursor | undefined =>
  parseCursor(params.get("cursor"));

// ---------------------------------------------------------------------------------------
// The filter (the URL's query string), shared by the list and the CSV export.

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
const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine(isRealDate, DATE_MESSAGE);

const leadFilterSchema = z
  .object({
    status: optionalFilter(z.enum(LEAD_STATUSES, { error: "Choose a status from the list" })),
    source: optionalFilter(z.string().max(200, "Choose a source from the list")),
    /** Days in the company's time zone, YYYY-MM-DD, both included. */
    from: optionalFilter(date),
    to: optionalFilter(date),
    /** An affiliate's id, "any" (any referral code) or "none" (no referral code). */
    affiliate: optionalFilter(
      z
        .string()
        .refine(
          (value) => value === "any" || value === "none" || isUuid(value),
          "Choose an affiliate from the list",
        ),
    ),
    /** Part of a name, e-mail address or phone number. */
    q: searchFilter,
  })
  .refine((filter) => !(filter.from && filter.to && filter.from > filter.to), {
    path: ["to"],
    message: "The end date is before the start date",
  });

export type LeadFilter = z.output<typeof leadFilterSchema>;
const FILTER_KEYS = ["status", "source", "from", "to", "affiliate", "q"] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
export type LeadFilterErrors = Partial<Record<FilterKey, string>>;

/**
 * The filter in a query string. Each field counts on its own: a wrong one is left out and
 * explained, the others still apply. `typed` is what was typed, to correct it in place.
 */
export function parseLeadFilter(params: URLSearchParams): {
  filter: LeadFilter;
  errors: LeadFilterErrors;
  typed: Record<FilterKey, string>;
} {
  const typed = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, params.get(key) ?? ""]),
  ) as Record<FilterKey, string>;
  const input: Partial<Record<FilterKey, string>> = { ...typed };
  const errors: LeadFilterErrors = {};
  // Each pass leaves out the fields the last one refused, until what is left is valid.
  for (;;) {
    const result = leadFilterSchema.safeParse(input);
    if (result.success) {
      // Fields left empty are no filter: out of the object, so links and the audit omit them.
      const filter = Object.fromEntries(
        Object.entries(result.data).filter(([, value]) => value !== undefined),
      ) as LeadFilter;
      return { filter, errors, typed };
    }
    for (const issue of result.error.issues) {
      const key = FILTER_KEYS.find((name) => name === issue.path[0] && name in input);
      if (!key) return { filter: {}, errors, typed };
      errors[key] ??= issue.message;
      delete input[key];
    }
  }
}

/** The filter as a query string (stable order), for links that keep it. */
export function leadFilterQuery(filter: LeadFilter, extra: Record<string, string> = {}): string {
  return filterQueryString(FILTER_KEYS, filter, extra);
}

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
// The list.

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

export async function leadBatch(
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
