import {
  and,
  count,
  desc,
  eq,
  gt,
  gte,
  isNotNull,
  lt,
  lte,
  max,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  affiliates,
  commissions,
  leads,
  payouts,
  spamSubmissions,
  webhookDeliveries,
  webhookEndpoints,
  type LeadStatus,
} from "~/db/schema";
import { COMPANY_TIME_ZONE } from "~/modules/platform/patterns";

/**
 * The staff dashboard's figures, each one SQL aggregate. Days are calendar days in the
 * company's time zone: "7 days" is today and the six days before it.
 */

export interface CountByLabel {
  label: string;
  count: number;
}

export interface DashboardFigures {
  newLeads: { today: number; last7Days: number; last30Days: number };
  /** Last 30 days, most first. */
  bySource: CountByLabel[];
  /** Last 30 days, leads with a referral code, most first. */
  byAffiliate: (CountByLabel & { code: string })[];
  /** Last 30 days, leads without a referral code. */
  withoutAffiliate: number;
  deliveries: {
    /** Given up on (status failed). */
    failed: number;
    /** Pending again after a failed attempt. */
    retrying: number;
    /** The most recent of those, for a link to their lead. */
    latest: {
      id: string;
      leadId: string;
      leadName: string;
      status: string;
      attempts: number;
      lastAttemptAt: Date | null;
      lastError: string | null;
      endpoint: string;
    }[];
  };
  /** Spam submissions caught in the last 30 days. */
  spamLast30Days: number;
  latestLeads: {
    id: string;
    createdAt: Date;
    firstName: string;
    lastName: string;
    source: string;
    status: LeadStatus;
  }[];
}

const TZ = sql.raw(`'${COMPANY_TIME_ZONE}'`);
const LATEST_LEADS = 8;
const LATEST_FAILURES = 5;

export async function getDashboardFigures(
  db: Database,
  now: Date = new Date(),
): Promise<DashboardFigures> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const localMidnight = sql`date_trunc('day', ${at} at time zone ${TZ})`;
  /** The start of the day `daysBack` days before today, company time. */
  const dayStart = (daysBack: number): SQL =>
    sql`((${localMidnight} - ${sql.raw(`interval '${daysBack} days'`)}) at time zone ${TZ})`;
  const inLast30Days = (column: typeof leads.createdAt | typeof spamSubmissions.createdAt) =>
    and(gte(column, dayStart(29)), lte(column, at));

  const failing = or(
    eq(webhookDeliveries.status, "failed"),
    and(eq(webhookDeliveries.status, "pending"), gt(webhookDeliveries.attempts, 0)),
  );

  const [[newLeads], bySource, byAffiliate, [deliveryCounts], latestFailures, [spam], latestLeads] =
    await Promise.all([
      db
        .select({
          today: sql<number>`count(*) filter (where ${leads.createdAt} >= ${dayStart(0)})`.mapWith(
            Number,
          ),
          last7Days:
            sql<number>`count(*) filter (where ${leads.createdAt} >= ${dayStart(6)})`.mapWith(
              Number,
            ),
          last30Days: count(),
        })
        .from(leads)
        .where(inLast30Days(leads.createdAt)),
      db
        .select({ label: leads.source, count: count() })
        .from(leads)
        .where(inLast30Days(leads.createdAt))
        .groupBy(leads.source)
        .orderBy(desc(count()), leads.source),
      db
        .select({
          code: sql<string | null>`${leads.affiliateCode}`,
          name: max(affiliates.name),
          count: count(),
        })
        .from(leads)
        .leftJoin(affiliates, eq(affiliates.id, leads.affiliateId))
        .where(inLast30Days(leads.createdAt))
        .groupBy(leads.affiliateCode)
        .orderBy(desc(count()), leads.affiliateCode),
      db
        .select({
          failed:
            sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'failed')`.mapWith(
              Number,
            ),
          retrying:
            sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'pending')`.mapWith(
              Number,
            ),
        })
        .from(webhookDeliveries)
        .where(failing),
      db
        .select({
          id: webhookDeliveries.id,
          leadId: webhookDeliveries.leadId,
          firstName: leads.firstName,
          lastName: leads.lastName,
          status: webhookDeliveries.status,
          attempts: webhookDeliveries.attempts,
          lastAttemptAt: webhookDeliveries.lastAttemptAt,
          lastError: webhookDeliveries.lastError,
          endpointUrl: webhookEndpoints.url,
          endpointDescription: webhookEndpoints.description,
        })
        .from(webhookDeliveries)
        .innerJoin(leads, eq(leads.id, webhookDeliveries.leadId))
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(failing)
        .orderBy(
          sql`${webhookDeliveries.lastAttemptAt} desc nulls last`,
          desc(webhookDeliveries.id),
        )
        .limit(LATEST_FAILURES),
      db
        .select({ n: count() })
        .from(spamSubmissions)
        .where(inLast30Days(spamSubmissions.createdAt)),
      db
        .select({
          id: leads.id,
          createdAt: leads.createdAt,
          firstName: leads.firstName,
          lastName: leads.lastName,
          source: leads.source,
          status: leads.status,
        })
        .from(leads)
        .orderBy(desc(leads.createdAt), desc(leads.id))
        .limit(LATEST_LEADS),
    ]);

  return {
    newLeads: {
      today: newLeads?.today ?? 0,
      last7Days: newLeads?.last7Days ?? 0,
      last30Days: newLeads?.last30Days ?? 0,
    },
    bySource,
    byAffiliate: byAffiliate
      .filter((row): row is typeof row & { code: string } => row.code !== null)
      .map((row) => ({ code: row.code, label: row.name ?? row.code, count: row.count })),
    withoutAffiliate: byAffiliate.find((row) => row.code === null)?.count ?? 0,
    deliveries: {
      failed: deliveryCounts?.failed ?? 0,
      retrying: deliveryCounts?.retrying ?? 0,
      latest: latestFailures.map((row) => ({
        id: row.id,
        leadId: row.leadId,
        leadName: `${row.firstName} ${row.lastName}`,
        status: row.status,
        attempts: row.attempts,
        lastAttemptAt: row.lastAttemptAt,
        lastError: row.lastError,
        endpoint: row.endpointDescription || endpointHost(row.endpointUrl),
      })),
    },
    spamLast30Days: spam?.n ?? 0,
    latestLeads,
  };
}

/** The receiver's host only: its URL may carry a token. */
function endpointHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(invalid address)";
  }
}

/* The affiliate programme's money (admins only) ------------------------------------------ */

export interface CommissionFigures {
  /** Approved commission lines (adjustments included): payable now. */
  owedCents: number;
  /** Pending lines: still within their hold. */
  pendingCents: number;
  pendingCount: number;
  /** Recorded (not voided) payouts paid this calendar month, New York time. */
  payoutsThisMonth: { cents: number; count: number };
  /** The affiliates whose won leads are worth the most, most first. */
  topAffiliates: { id: string; name: string; wonJobValueCents: number; wonCount: number }[];
}

const TOP_AFFILIATES = 5;

/** The first day of `now`'s month and of the next, company time, as YYYY-MM-DD. */
export function companyMonthBounds(now: Date): { first: string; next: string } {
  const [year, month] = new Intl.DateTimeFormat("en-CA", {
    timeZone: COMPANY_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
  })
    .format(now)
    .split("-")
    .map(Number) as [number, number];
  const day = (y: number, m: number) => `${y}-${String(m).padStart(2, "0")}-01`;
  return { first: day(year, month), next: month === 12 ? day(year + 1, 1) : day(year, month + 1) };
}

/**
 * What the programme owes and has paid (docs/REQUIREMENTS.md D8), and its best affiliates
 * by the value of the won jobs credited to them: money figures, for admins alone (R6).
 */
export async function getCommissionFigures(
  db: Database,
  now: Date = new Date(),
): Promise<CommissionFigures> {
  const month = companyMonthBounds(now);
  const [[lines], [paid], top] = await Promise.all([
    db
      .select({
        owed: sql<number>`coalesce(sum(${commissions.amountCents}) filter (where ${commissions.status} = 'approved'), 0)`.mapWith(
          Number,
        ),
        pending:
          sql<number>`coalesce(sum(${commissions.amountCents}) filter (where ${commissions.status} = 'pending'), 0)`.mapWith(
            Number,
          ),
        pendingCount:
          sql<number>`count(*) filter (where ${commissions.status} = 'pending')`.mapWith(Number),
      })
      .from(commissions),
    db
      .select({
        cents: sql<number>`coalesce(sum(${payouts.amountCents}), 0)`.mapWith(Number),
        count: count(),
      })
      .from(payouts)
      .where(
        and(
          eq(payouts.status, "recorded"),
          gte(payouts.paidOn, month.first),
          lt(payouts.paidOn, month.next),
        ),
      ),
    db
      .select({
        id: affiliates.id,
        name: affiliates.name,
        wonJobValueCents: sql<number>`sum(${leads.jobValueCents})`.mapWith(Number),
        wonCount: count(),
      })
      .from(leads)
      .innerJoin(affiliates, eq(affiliates.id, leads.affiliateId))
      .where(and(eq(leads.status, "won"), isNotNull(leads.jobValueCents)))
      .groupBy(affiliates.id, affiliates.name)
      .orderBy(desc(sql`sum(${leads.jobValueCents})`), affiliates.name)
      .limit(TOP_AFFILIATES),
  ]);
  return {
    owedCents: lines?.owed ?? 0,
    pendingCents: lines?.pending ?? 0,
    pendingCount: lines?.pendingCount ?? 0,
    payoutsThisMonth: { cents: paid?.cents ?? 0, count: Number(paid?.count ?? 0) },
    topAffiliates: top,
  };
}
