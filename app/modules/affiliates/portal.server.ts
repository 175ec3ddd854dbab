import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  commissions,
  LEAD_STATUSES,
  leads,
  leadStatusChanges,
  referralClicks,
  type LeadStatus,
} from "~/db/schema";
import {
  LEAD_STATUS_LABELS,
  leadStatusTone,
  type StatusTone,
} from "~/modules/leads/lead-status-labels";
import { COMPANY_TIME_ZONE } from "~/modules/platform/patterns";
import { z } from "~/modules/platform/zod";
import { maskedLeadName } from "./affiliate-rules";
import { VOID_REASON_LABELS, type CommissionStatus } from "./commission-rules";

/**
 * What the partner portal shows an affiliate of their own referrals (docs/REQUIREMENTS.md
 * R1.6, R3.12): clicks and leads over a period, and the leads credited to them. Every query
 * takes the signed-in affiliate's id from the guard, never one from the request, and a lead
 * is shown only as its first name and initial, its service, status and dates: never how to
 * reach the customer.
 */

const TZ = sql.raw(`'${COMPANY_TIME_ZONE}'`);

// ---------------------------------------------------------------------------------------
// The dashboard.

/** Periods in calendar days (today and the days before it, New York time), or everything. */
export const PORTAL_PERIODS = [7, 30, 90, 365, "all"] as const;
export type PortalPeriod = (typeof PORTAL_PERIODS)[number];
export const DEFAULT_PORTAL_PERIOD: PortalPeriod = 30;

const PERIOD_LABELS: Record<`${PortalPeriod}`, string> = {
  "7": "7 days",
  "30": "30 days",
  "90": "90 days",
  "365": "12 months",
  all: "All time",
};

export const PORTAL_PERIOD_OPTIONS = PORTAL_PERIODS.map((period) => ({
  value: `${period}` as const,
  label: PERIOD_LABELS[`${period}`],
}));

const periodSchema = z
  .enum(["7", "30", "90", "365", "all"])
  .transform((value): PortalPeriod => (value === "all" ? "all" : (Number(value) as PortalPeriod)));

/** `?period=` as one of the periods; anything else (or nothing) is the default, 30 days. */
export function parsePortalPeriod(params: URLSearchParams): PortalPeriod {
  const parsed = periodSchema.safeParse(params.get("period") ?? undefined);
  return parsed.success ? parsed.data : DEFAULT_PORTAL_PERIOD;
}

export interface PortalStatusCount {
  status: LeadStatus;
  label: string;
  tone: StatusTone;
  count: number;
}

export interface PortalSeriesPoint {
  /** The first day of the bucket (a day, or a week from Monday), "2026-11-23". */
  start: string;
  clicks: number;
  leads: number;
}

export interface PortalDashboard {
  period: PortalPeriod;
  /** Calendar days, New York time, both included; for "all", from the first click or lead. */
  from: string;
  to: string;
  /** Days for up to 90 days, weeks (from Monday) beyond. */
  granularity: "day" | "week";
  clicks: number;
  leads: number;
  won: number;
  /** Every status of the pipeline, in order, with the leads of the period now in it. */
  byStatus: PortalStatusCount[];
  /** Leads per click, or null without clicks (leads can come from an older click). */
  leadsPerClick: number | null;
  /** Won leads per lead, or null without leads. */
  wonPerLead: number | null;
  series: PortalSeriesPoint[];
}

/** The share `part` is of `whole`, or null when there is no whole to share. */
export const rateOf = (part: number, whole: number): number | null =>
  whole > 0 ? part / whole : null;

/**
 * The affiliate's figures for `period`: clicks on their links, leads credited to them (by
 * when the lead arrived) and where those leads stand now, with clicks and leads per day (per
 * week for 12 months and all time) for the chart. Days are calendar days in the company's
 * time zone, like the staff dashboard's. Self-referrals count: they are credited, and the
 * list of leads marks them.
 */
export async function portalDashboard(
  db: Database,
  affiliateId: string,
  period: PortalPeriod,
  now: Date = new Date(),
): Promise<PortalDashboard> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const from: SQL | undefined =
    period === "all"
      ? undefined
      : sql`((date_trunc('day', ${at} at time zone ${TZ}) - ${sql.raw(`interval '${period - 1} days'`)}) at time zone ${TZ})`;
  const granularity = period === "all" || period > 90 ? "week" : "day";

  const inPeriod = (column: typeof leads.createdAt | typeof referralClicks.createdAt) =>
    and(from ? gte(column, from) : undefined, lte(column, at));

  const [[clicks], byStatusRows, seriesRows] = await Promise.all([
    db
      .select({ n: count() })
      .from(referralClicks)
      .where(and(eq(referralClicks.affiliateId, affiliateId), inPeriod(referralClicks.createdAt))),
    db
      .select({ status: leads.status, n: count() })
      .from(leads)
      .where(and(eq(leads.affiliateId, affiliateId), inPeriod(leads.createdAt)))
      .groupBy(leads.status),
    activitySeries(db, affiliateId, { at, from, unit: granularity }),
  ]);

  const counted = new Map(byStatusRows.map((row) => [row.status, row.n]));
  const byStatus = LEAD_STATUSES.map((status) => ({
    status,
    label: LEAD_STATUS_LABELS[status],
    tone: leadStatusTone(status),
    count: counted.get(status) ?? 0,
  }));
  const leadCount = byStatus.reduce((sum, row) => sum + row.count, 0);
  const won = counted.get("won") ?? 0;
  const clickCount = clicks?.n ?? 0;
  const series = seriesRows.map(({ start, clicks, leads }) => ({
    start,
    clicks: Number(clicks),
    leads: Number(leads),
  }));

  return {
    period,
    from: seriesRows[0]?.from_day ?? "",
    to: seriesRows[0]?.to_day ?? "",
    granularity,
    clicks: clickCount,
    leads: leadCount,
    won,
    byStatus,
    leadsPerClick: rateOf(leadCount, clickCount),
    wonPerLead: rateOf(won, leadCount),
    series,
  };
}

interface SeriesRow {
  start: string;
  clicks: number | string;
  leads: number | string;
  from_day: string;
  to_day: string;
}

/**
 * Clicks and leads per day or week, every bucket of the period present (zero when nothing
 * happened), each counted once in one grouped pass over the affiliate's rows. "All time"
 * starts at their first click or lead, or today when there is none yet.
 */
async function activitySeries(
  db: Database,
  affiliateId: string,
  { at, from, unit }: { at: SQL; from: SQL | undefined; unit: "day" | "week" },
): Promise<SeriesRow[]> {
  const start =
    from ??
    sql`coalesce(least(
      (select min(${referralClicks.createdAt}) from ${referralClicks} where ${referralClicks.affiliateId} = ${affiliateId}),
      (select min(${leads.createdAt}) from ${leads} where ${leads.affiliateId} = ${affiliateId})
    ), ${at})`;
  const bucket = (column: SQL) =>
    sql`date_trunc(${sql.raw(`'${unit}'`)}, ${column} at time zone ${TZ})`;
  const step = sql.raw(`interval '1 ${unit}'`);
  const result = await db.execute(sql`
    with bounds as (select ${start} as from_at, ${at} as to_at),
    click_counts as (
      select ${bucket(sql`c.created_at`)} as bucket, count(*) as n
      from ${referralClicks} c, bounds
      where c.affiliate_id = ${affiliateId} and c.created_at >= bounds.from_at and c.created_at <= bounds.to_at
      group by 1
    ),
    lead_counts as (
      select ${bucket(sql`l.created_at`)} as bucket, count(*) as n
      from ${leads} l, bounds
      where l.affiliate_id = ${affiliateId} and l.created_at >= bounds.from_at and l.created_at <= bounds.to_at
      group by 1
    ),
    buckets as (
      select generate_series(
        ${bucket(sql`bounds.from_at`)},
        ${bucket(sql`bounds.to_at`)},
        ${step}
      ) as bucket
      from bounds
    )
    select
      to_char(buckets.bucket, 'YYYY-MM-DD') as start,
      coalesce(click_counts.n, 0) as clicks,
      coalesce(lead_counts.n, 0) as leads,
      to_char(bounds.from_at at time zone ${TZ}, 'YYYY-MM-DD') as from_day,
      to_char(bounds.to_at at time zone ${TZ}, 'YYYY-MM-DD') as to_day
    from buckets
    cross join bounds
    left join click_counts on click_counts.bucket = buckets.bucket
    left join lead_counts on lead_counts.bucket = buckets.bucket
    order by buckets.bucket
  `);
  // Both drivers (node-postgres and PGlite) answer a raw query with its rows.
  return (result as unknown as { rows: SeriesRow[] }).rows;
}

// ---------------------------------------------------------------------------------------
// The leads.

export const PORTAL_LEADS_PAGE_SIZE = 20;

export const PORTAL_STATUS_OPTIONS = LEAD_STATUSES.map((value) => ({
  value,
  label: LEAD_STATUS_LABELS[value],
}));

const leadsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  status: z.enum(LEAD_STATUSES).optional().catch(undefined),
});

export interface PortalLeadsQuery {
  page: number;
  status?: LeadStatus;
}

/** `?page=` and `?status=`: a page that is not a number is the first; an unknown status no filter. */
export function parsePortalLeadsQuery(params: URLSearchParams): PortalLeadsQuery {
  const parsed = leadsQuerySchema.parse({
    page: params.get("page") ?? undefined,
    status: params.get("status") || undefined,
  });
  return parsed.status ? parsed : { page: parsed.page };
}

/** A lead as its affiliate sees it: nothing that identifies or reaches the customer. */
export interface PortalLead {
  id: string;
  /** The day it arrived, New York time: "2026-11-23". */
  receivedOn: string;
  /** First name and initial (R1.6): "Jane D.". */
  name: string;
  service: string;
  status: LeadStatus;
  statusLabel: string;
  statusTone: StatusTone;
  /** The day its status last changed, or null while it is still as it arrived. */
  statusChangedOn: string | null;
  /** Sent with the affiliate's own e-mail or phone: credited, shown, never paid. */
  selfReferral: boolean;
  /** A won lead's commission, or null when it has none. */
  commission: PortalLeadCommission | null;
}

/** What a lead earned, as its affiliate sees it. */
export interface PortalLeadCommission {
  amountCents: number;
  status: CommissionStatus;
  /** A pending commission's last day of hold, company time: "2026-12-27". */
  holdEndsOn: string | null;
  /** Why a void commission earns nothing, in words. */
  voidReason: string | null;
}

export interface PortalLeadsPage {
  leads: PortalLead[];
  page: number;
  pageCount: number;
  /** Leads matching the filter. */
  total: number;
  /** Whether the affiliate has any lead at all, whatever the filter. */
  hasAnyLeads: boolean;
}

const localDay = (column: SQL | typeof leads.createdAt) =>
  sql<string>`to_char(${column} at time zone ${TZ}, 'YYYY-MM-DD')`;

/**
 * One page of the leads credited to the affiliate, newest first, optionally of one status.
 * The last status change is the latest change that moved it to another status (a change of
 * job value alone is not one).
 */
export async function portalLeads(
  db: Database,
  affiliateId: string,
  query: PortalLeadsQuery,
): Promise<PortalLeadsPage> {
  const own = eq(leads.affiliateId, affiliateId);
  const matching = query.status ? and(own, eq(leads.status, query.status)) : own;
  // Qualified by hand: Drizzle writes a single-table query's columns without their table,
  // which inside this subquery would name the change's own id.
  const lastChange = sql<string | null>`(
    select ${localDay(sql`max(change.created_at)`)}
    from ${leadStatusChanges} change
    where change.lead_id = ${leads}.id
      and change.from_status is distinct from change.to_status
  )`;

  const [[counts], rows] = await Promise.all([
    db
      .select({
        all: count(),
        matching: query.status
          ? sql<number>`count(*) filter (where ${leads.status} = ${query.status})`.mapWith(Number)
          : count(),
      })
      .from(leads)
      .where(own),
    db
      .select({
        id: leads.id,
        receivedOn: localDay(leads.createdAt),
        firstName: leads.firstName,
        lastName: leads.lastName,
        service: leads.service,
        status: leads.status,
        statusChangedOn: lastChange,
        selfReferral: leads.selfReferral,
      })
      .from(leads)
      .where(matching)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(PORTAL_LEADS_PAGE_SIZE)
      .offset((query.page - 1) * PORTAL_LEADS_PAGE_SIZE),
  ]);

  const earned = await leadCommissions(
    db,
    affiliateId,
    rows.filter((row) => row.status === "won").map((row) => row.id),
  );

  const total = counts?.matching ?? 0;
  return {
    leads: rows.map((row) => ({
      id: row.id,
      receivedOn: row.receivedOn,
      name: maskedLeadName(row.firstName, row.lastName),
      service: row.service,
      status: row.status,
      statusLabel: LEAD_STATUS_LABELS[row.status] ?? row.status,
      statusTone: leadStatusTone(row.status),
      statusChangedOn: row.statusChangedOn,
      selfReferral: row.selfReferral,
      commission: earned.get(row.id) ?? null,
    })),
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / PORTAL_LEADS_PAGE_SIZE)),
    total,
    hasAnyLeads: (counts?.all ?? 0) > 0,
  };
}

/**
 * The commission of each won lead: the live one (not void) when there is one, else the
 * latest voided one with its reason. Adjustment lines show on the statement instead.
 */
async function leadCommissions(
  db: Database,
  affiliateId: string,
  leadIds: string[],
): Promise<Map<string, PortalLeadCommission>> {
  const found = new Map<string, PortalLeadCommission>();
  if (leadIds.length === 0) return found;
  const rows = await db
    .select({
      leadId: commissions.leadId,
      amountCents: commissions.amountCents,
      status: commissions.status,
      holdEndsOn: sql<
        string | null
      >`to_char(${commissions.holdEndsAt} at time zone ${TZ}, 'YYYY-MM-DD')`,
      voidReason: commissions.voidReason,
    })
    .from(commissions)
    .where(
      and(
        eq(commissions.affiliateId, affiliateId),
        eq(commissions.kind, "commission"),
        inArray(commissions.leadId, leadIds),
      ),
    )
    // Live before void, then newest first: the first row of each lead is the one shown.
    .orderBy(sql`${commissions.status} = 'void'`, desc(commissions.createdAt));
  for (const row of rows) {
    if (!row.leadId || found.has(row.leadId)) continue;
    found.set(row.leadId, {
      amountCents: row.amountCents,
      status: row.status,
      holdEndsOn: row.status === "pending" ? row.holdEndsOn : null,
      voidReason:
        row.status === "void" && row.voidReason ? VOID_REASON_LABELS[row.voidReason] : null,
    });
  }
  return found;
}
