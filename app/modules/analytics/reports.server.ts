import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { companySettings } from "~/db/schema";
import { companyDay } from "~/modules/platform/calendar-day";
import { COMPANY_TIME_ZONE } from "~/modules/platform/patterns";
import {
  addDays,
  daysOf,
  monthsBefore,
  periodDays,
  previousSpan,
  type AnalyticsQuery,
  type DaySpan,
  type TouchModel,
} from "./reports.schema";

/**
 * The staff analytics screen's figures (docs/REQUIREMENTS.md R14.5): what people did on
 * the site in a period and the period before of equal length, and what became of the leads.
 *
 * Sources of truth:
 * - analytics_events (raw events) for the days still kept in full;
 * - analytics_daily for days older than the retention period
 *   (company_settings.analyticsRetentionMonths, R14.6), whose raw events are gone;
 * - leads and lead_status_changes for leads, appointments and won jobs.
 *
 * Bots (is_bot) are counted apart and never in any other figure (R14.4). Days are calendar
 * days in the company's time zone. Plain SQL that PGlite and PostgreSQL both run.
 *
 * Days read from analytics_daily are approximations: a daily row counts distinct visitors
 * and sessions within one day AND one combination of page, referrer, campaign, device and
 * browser, so the visitors (and sessions) of those days are the rows' numbers summed: a
 * visitor seen on two pages, or on two days, counts twice. Page views and events stay
 * exact. Bounce rate, landing pages and click ids exist only in raw events, so for those
 * days they are left out.
 */

const TZ = sql.raw(`'${COMPANY_TIME_ZONE}'`);

/** The instant a company day starts. */
const dayStart = (day: string): SQL => sql`(${day}::date::timestamp at time zone ${TZ})`;

/** How many rows a breakdown shows on the screen; the CSV has them all (up to this). */
export const SCREEN_ROWS = 20;
export const EXPORT_ROWS = 5_000;

/** The click ids the tracker keeps from a landing URL, in the order the screen lists them. */
export const CLICK_ID_PARAMS = [
  "gclid",
  "gbraid",
  "wbraid",
  "fbclid",
  "msclkid",
  "ttclid",
  "li_fat_id",
] as const;

/** Where each figure of a period comes from: daily totals for its oldest days, raw events after. */
export interface PeriodSources {
  /** Days read from analytics_daily (older than retention and rolled up), if any. */
  daily: DaySpan | null;
  /** Days read from raw events, if any. */
  raw: DaySpan | null;
}

export interface Figures {
  visitors: number;
  sessions: number;
  pageViews: number;
  /** Sessions with a single page view, of sessions (raw days only); null without sessions. */
  bounceRate: number | null;
}

export interface BotFigures {
  events: number;
  pageViews: number;
  visitors: number;
}

export interface DayFigures {
  day: string;
  visitors: number;
  sessions: number;
  pageViews: number;
}

/** One line of a breakdown: `count` is page views, sessions or events, as the table says. */
export interface BreakdownRow {
  label: string;
  count: number;
  visitors: number;
  sessions: number;
}

export interface LandingPageRow {
  label: string;
  sessions: number;
  visitors: number;
  bounceRate: number | null;
}

export interface ClickIdRow {
  label: string;
  pageViews: number;
  sessions: number;
}

export interface Funnel {
  /** Visitors with a page view. */
  visitors: number;
  /** Visitors who started the consultation form. */
  formStarts: number;
  /** Leads created in the period. */
  leads: number;
  /** Of those, leads that reached "appointment set" or a later step. */
  appointments: number;
  /** Of those, leads won. */
  won: number;
}

export interface ClosedLoopRow {
  label: string;
  leads: number;
  won: number;
  wonValueCents: number;
}

export interface ClosedLoop {
  touch: TouchModel;
  bySource: ClosedLoopRow[];
  byCampaign: ClosedLoopRow[];
  byLandingPage: ClosedLoopRow[];
  byAffiliate: ClosedLoopRow[];
}

export interface AnalyticsReport {
  period: DaySpan;
  previousPeriod: DaySpan;
  /** Where the period's figures come from. */
  sources: PeriodSources;
  retentionMonths: number;
  figures: Figures;
  previousFigures: Figures;
  bots: BotFigures;
  previousBots: BotFigures;
  series: DayFigures[];
  pages: BreakdownRow[];
  landingPages: LandingPageRow[];
  referrers: BreakdownRow[];
  trafficSources: BreakdownRow[];
  campaigns: BreakdownRow[];
  clickIds: ClickIdRow[];
  devices: BreakdownRow[];
  browsers: BreakdownRow[];
  events: BreakdownRow[];
  funnel: Funnel;
  closedLoop: ClosedLoop;
}

type Row = Record<string, unknown>;

async function select<T extends Row>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  // Both drivers (node-postgres and PGlite) answer a raw query with its rows.
  return (result as unknown as { rows: T[] }).rows;
}

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

// ---------------------------------------------------------------------------------------
// Which days come from where.

export async function retentionMonths(db: Database): Promise<number> {
  const [row] = await db
    .select({ months: companySettings.analyticsRetentionMonths })
    .from(companySettings)
    .limit(1);
  return row?.months ?? 13;
}

/**
 * Splits a span at the last rolled-up day: days before the retention cut-off that
 * analytics_daily holds are read from it, every later day from raw events. A day past the
 * cut-off that is not rolled up yet is still read raw, so nothing goes missing between
 * the cut-off and the roll-up.
 */
export async function periodSources(
  db: Database,
  span: DaySpan,
  today: string,
  months: number,
): Promise<PeriodSources> {
  const lastOld = addDays(monthsBefore(today, months), -1);
  if (span.from > lastOld) return { daily: null, raw: span };
  const [row] = await select<{ last: string | null }>(
    db,
    sql`select to_char(max(day), 'YYYY-MM-DD') as last from analytics_daily
        where day >= ${span.from}::date and day <= ${span.to < lastOld ? span.to : lastOld}::date`,
  );
  const last = row?.last ?? null;
  if (!last) return { daily: null, raw: span };
  const rawFrom = addDays(last, 1);
  return {
    daily: { from: span.from, to: last },
    raw: rawFrom <= span.to ? { from: rawFrom, to: span.to } : null,
  };
}

/** Raw events within a span, aliased `e`. */
const rawIn = (span: DaySpan): SQL =>
  sql`e.created_at >= ${dayStart(span.from)} and e.created_at < ${dayStart(addDays(span.to, 1))}`;
const dailyIn = (span: DaySpan): SQL =>
  sql`d.day >= ${span.from}::date and d.day <= ${span.to}::date`;

/** A person's page views (bots never count). */
const humanPageViews = (span: DaySpan): SQL =>
  sql`${rawIn(span)} and e.name = 'page_view' and not e.is_bot`;
const dailyHumanPageViews = (span: DaySpan): SQL =>
  sql`${dailyIn(span)} and d.name = 'page_view' and not d.is_bot`;

// ---------------------------------------------------------------------------------------
// Figures.

async function figuresFor(db: Database, sources: PeriodSources): Promise<Figures> {
  let visitors = 0;
  let sessions = 0;
  let pageViews = 0;
  let bounceRate: number | null = null;
  if (sources.raw) {
    const [row] = await select(
      db,
      sql`select count(*) as page_views, count(distinct e.visitor_id) as visitors,
            count(distinct e.session_id) as sessions
          from analytics_events e where ${humanPageViews(sources.raw)}`,
    );
    visitors += num(row?.visitors);
    sessions += num(row?.sessions);
    pageViews += num(row?.page_views);
    const [bounce] = await select(
      db,
      sql`select count(*) as sessions, count(*) filter (where s.views = 1) as bounced
          from (select e.session_id, count(*) as views from analytics_events e
                where ${humanPageViews(sources.raw)} and e.session_id is not null
                group by e.session_id) s`,
    );
    const rawSessions = num(bounce?.sessions);
    bounceRate = rawSessions === 0 ? null : num(bounce?.bounced) / rawSessions;
  }
  if (sources.daily) {
    const [row] = await select(
      db,
      sql`select sum(d.events) as page_views, sum(d.visitors) as visitors, sum(d.sessions) as sessions
          from analytics_daily d where ${dailyHumanPageViews(sources.daily)}`,
    );
    visitors += num(row?.visitors);
    sessions += num(row?.sessions);
    pageViews += num(row?.page_views);
  }
  return { visitors, sessions, pageViews, bounceRate };
}

async function botsFor(db: Database, sources: PeriodSources): Promise<BotFigures> {
  const bots: BotFigures = { events: 0, pageViews: 0, visitors: 0 };
  if (sources.raw) {
    const [row] = await select(
      db,
      sql`select count(*) as events, count(*) filter (where e.name = 'page_view') as page_views,
            count(distinct e.visitor_id) as visitors
          from analytics_events e where ${rawIn(sources.raw)} and e.is_bot`,
    );
    bots.events += num(row?.events);
    bots.pageViews += num(row?.page_views);
    bots.visitors += num(row?.visitors);
  }
  if (sources.daily) {
    const [row] = await select(
      db,
      sql`select sum(d.events) as events,
            sum(d.events) filter (where d.name = 'page_view') as page_views,
            sum(d.visitors) filter (where d.name = 'page_view') as visitors
          from analytics_daily d where ${dailyIn(sources.daily)} and d.is_bot`,
    );
    bots.events += num(row?.events);
    bots.pageViews += num(row?.page_views);
    bots.visitors += num(row?.visitors);
  }
  return bots;
}

async function seriesFor(
  db: Database,
  span: DaySpan,
  sources: PeriodSources,
): Promise<DayFigures[]> {
  const byDay = new Map<string, DayFigures>(
    daysOf(span).map((day) => [day, { day, visitors: 0, sessions: 0, pageViews: 0 }]),
  );
  const add = (rows: Row[]) => {
    for (const row of rows) {
      const entry = byDay.get(String(row.day));
      if (!entry) continue;
      entry.visitors += num(row.visitors);
      entry.sessions += num(row.sessions);
      entry.pageViews += num(row.page_views);
    }
  };
  if (sources.raw) {
    add(
      await select(
        db,
        sql`select to_char(e.created_at at time zone ${TZ}, 'YYYY-MM-DD') as day,
              count(*) as page_views, count(distinct e.visitor_id) as visitors,
              count(distinct e.session_id) as sessions
            from analytics_events e where ${humanPageViews(sources.raw)} group by 1`,
      ),
    );
  }
  if (sources.daily) {
    add(
      await select(
        db,
        sql`select to_char(d.day, 'YYYY-MM-DD') as day, sum(d.events) as page_views,
              sum(d.visitors) as visitors, sum(d.sessions) as sessions
            from analytics_daily d where ${dailyHumanPageViews(sources.daily)} group by 1`,
      ),
    );
  }
  return [...byDay.values()];
}

// ---------------------------------------------------------------------------------------
// Breakdowns.

/** Adds up rows from both sources by label, most first, then by label. */
function mergeBreakdown(parts: Row[][], limit: number): BreakdownRow[] {
  const byLabel = new Map<string, BreakdownRow>();
  for (const rows of parts) {
    for (const row of rows) {
      const label = String(row.label);
      const entry = byLabel.get(label) ?? { label, count: 0, visitors: 0, sessions: 0 };
      entry.count += num(row.count);
      entry.visitors += num(row.visitors);
      entry.sessions += num(row.sessions);
      byLabel.set(label, entry);
    }
  }
  return [...byLabel.values()]
    .sort((a, b) => b.count - a.count || b.visitors - a.visitors || a.label.localeCompare(b.label))
    .slice(0, limit);
}

interface BreakdownSpec {
  /** The label over raw events `e`, and which events count. */
  raw: { label: SQL; where: SQL };
  /** The label over daily rows `d`, and which rows count. */
  daily: { label: SQL; where: SQL };
}

async function breakdown(
  db: Database,
  sources: PeriodSources,
  spec: (span: DaySpan) => BreakdownSpec,
  limit: number,
): Promise<BreakdownRow[]> {
  const parts: Row[][] = [];
  if (sources.raw) {
    const { label, where } = spec(sources.raw).raw;
    parts.push(
      await select(
        db,
        sql`select ${label} as label, count(*) as count, count(distinct e.visitor_id) as visitors,
              count(distinct e.session_id) as sessions
            from analytics_events e where ${where} group by 1
            order by 2 desc, 1 limit ${limit}`,
      ),
    );
  }
  if (sources.daily) {
    const { label, where } = spec(sources.daily).daily;
    parts.push(
      await select(
        db,
        sql`select ${label} as label, sum(d.events) as count, sum(d.visitors) as visitors,
              sum(d.sessions) as sessions
            from analytics_daily d where ${where} group by 1
            order by 2 desc, 1 limit ${limit}`,
      ),
    );
  }
  return mergeBreakdown(parts, limit);
}

/** A page view's or daily row's text, "" taken as none. */
const orUnknown = (value: SQL) => sql`coalesce(nullif(${value}, ''), 'unknown')`;

const pagesSpec = (span: DaySpan): BreakdownSpec => ({
  raw: { label: sql`coalesce(nullif(e.path, ''), '/')`, where: humanPageViews(span) },
  daily: { label: sql`coalesce(nullif(d.path, ''), '/')`, where: dailyHumanPageViews(span) },
});

const referrersSpec = (span: DaySpan): BreakdownSpec => ({
  raw: {
    label: sql`e.referrer_host`,
    where: sql`${humanPageViews(span)} and coalesce(e.referrer_host, '') <> ''`,
  },
  daily: {
    label: sql`d.referrer_host`,
    where: sql`${dailyHumanPageViews(span)} and d.referrer_host <> ''`,
  },
});

const devicesSpec = (span: DaySpan): BreakdownSpec => ({
  raw: { label: orUnknown(sql`e.device`), where: humanPageViews(span) },
  daily: { label: orUnknown(sql`d.device`), where: dailyHumanPageViews(span) },
});

const browsersSpec = (span: DaySpan): BreakdownSpec => ({
  raw: { label: orUnknown(sql`e.browser`), where: humanPageViews(span) },
  daily: { label: orUnknown(sql`d.browser`), where: dailyHumanPageViews(span) },
});

const eventsSpec = (span: DaySpan): BreakdownSpec => ({
  raw: { label: sql`e.name`, where: sql`${rawIn(span)} and not e.is_bot` },
  daily: { label: sql`d.name`, where: sql`${dailyIn(span)} and not d.is_bot` },
});

/**
 * A session's source: the landing page view's utm_source, else its outside referrer's
 * host, else "direct".
 */
const rawSource = sql`coalesce(nullif(l.properties ->> 'utm_source', ''), nullif(l.referrer_host, ''), 'direct')`;
const dailySource = sql`coalesce(nullif(d.utm_source, ''), nullif(d.referrer_host, ''), 'direct')`;

/**
 * Sessions by their landing page view (the first page view of each session), `l`, with
 * the session's page views, `views`.
 */
const landings = (span: DaySpan): SQL => sql`
  with views as (
    select e.id, e.created_at, e.session_id, e.visitor_id, e.path, e.referrer_host, e.properties
    from analytics_events e
    where ${humanPageViews(span)} and e.session_id is not null
  ),
  sizes as (select session_id, count(*) as views from views group by session_id),
  landing as (
    select distinct on (v.session_id) v.*
    from views v order by v.session_id, v.created_at, v.id
  )`;

/** Sessions by a label of their landing page view. */
async function landingBreakdown(
  db: Database,
  sources: PeriodSources,
  raw: { label: SQL; where: SQL },
  daily: { label: SQL; where: (span: DaySpan) => SQL },
  limit: number,
): Promise<BreakdownRow[]> {
  const parts: Row[][] = [];
  if (sources.raw) {
    parts.push(
      await select(
        db,
        sql`${landings(sources.raw)}
            select ${raw.label} as label, count(*) as count,
              count(distinct l.visitor_id) as visitors, count(*) as sessions
            from landing l where ${raw.where} group by 1 order by 2 desc, 1 limit ${limit}`,
      ),
    );
  }
  if (sources.daily) {
    // Daily rows do not know which page view landed: every page view's row counts.
    parts.push(
      await select(
        db,
        sql`select ${daily.label} as label, sum(d.sessions) as count, sum(d.visitors) as visitors,
              sum(d.sessions) as sessions
            from analytics_daily d where ${daily.where(sources.daily)}
            group by 1 order by 2 desc, 1 limit ${limit}`,
      ),
    );
  }
  return mergeBreakdown(parts, limit);
}

const sourcesFor = (db: Database, sources: PeriodSources, limit: number) =>
  landingBreakdown(
    db,
    sources,
    { label: rawSource, where: sql`true` },
    { label: dailySource, where: dailyHumanPageViews },
    limit,
  );

const campaignsFor = (db: Database, sources: PeriodSources, limit: number) =>
  landingBreakdown(
    db,
    sources,
    {
      label: sql`l.properties ->> 'utm_campaign'`,
      where: sql`coalesce(l.properties ->> 'utm_campaign', '') <> ''`,
    },
    {
      label: sql`d.utm_campaign`,
      where: (span) => sql`${dailyHumanPageViews(span)} and d.utm_campaign <> ''`,
    },
    limit,
  );

async function landingPagesFor(
  db: Database,
  sources: PeriodSources,
  limit: number,
): Promise<LandingPageRow[]> {
  if (!sources.raw) return [];
  const rows = await select(
    db,
    sql`${landings(sources.raw)}
        select coalesce(nullif(l.path, ''), '/') as label, count(*) as sessions,
          count(distinct l.visitor_id) as visitors,
          count(*) filter (where s.views = 1) as bounced
        from landing l join sizes s on s.session_id = l.session_id
        group by 1 order by 2 desc, 1 limit ${limit}`,
  );
  return rows.map((row) => {
    const sessions = num(row.sessions);
    return {
      label: String(row.label),
      sessions,
      visitors: num(row.visitors),
      bounceRate: sessions === 0 ? null : num(row.bounced) / sessions,
    };
  });
}

/** Page views and sessions that carried each kind of click id (raw days only). */
async function clickIdsFor(db: Database, sources: PeriodSources): Promise<ClickIdRow[]> {
  if (!sources.raw) return CLICK_ID_PARAMS.map((label) => ({ label, pageViews: 0, sessions: 0 }));
  const columns = CLICK_ID_PARAMS.map(
    (name, index) =>
      sql`count(*) filter (where coalesce(e.properties ->> ${name}, '') <> '') as ${sql.raw(`v${index}`)},
          count(distinct e.session_id) filter (where coalesce(e.properties ->> ${name}, '') <> '') as ${sql.raw(`s${index}`)}`,
  );
  const [row] = await select(
    db,
    sql`select ${sql.join(columns, sql`, `)} from analytics_events e where ${humanPageViews(sources.raw)}`,
  );
  return CLICK_ID_PARAMS.map((label, index) => ({
    label,
    pageViews: num(row?.[`v${index}`]),
    sessions: num(row?.[`s${index}`]),
  }));
}

// ---------------------------------------------------------------------------------------
// Leads: the funnel and the closed loop.

/** Leads created within a span. */
const leadsIn = (span: DaySpan): SQL =>
  sql`l.created_at >= ${dayStart(span.from)} and l.created_at < ${dayStart(addDays(span.to, 1))}`;

/** Statuses from "appointment set" on (a lead lost after its appointment still had one). */
const APPOINTMENT_OR_LATER = sql.raw(`('appointment_set', 'estimate_given', 'won')`);

async function funnelFor(
  db: Database,
  span: DaySpan,
  sources: PeriodSources,
  visitors: number,
): Promise<Funnel> {
  let formStarts = 0;
  if (sources.raw) {
    const [row] = await select(
      db,
      sql`select count(distinct e.visitor_id) as visitors from analytics_events e
          where ${rawIn(sources.raw)} and e.name = 'form_start' and not e.is_bot`,
    );
    formStarts += num(row?.visitors);
  }
  if (sources.daily) {
    const [row] = await select(
      db,
      sql`select sum(d.visitors) as visitors from analytics_daily d
          where ${dailyIn(sources.daily)} and d.name = 'form_start' and not d.is_bot`,
    );
    formStarts += num(row?.visitors);
  }
  const [leadsRow] = await select(
    db,
    sql`select count(*) as leads,
          count(*) filter (where l.status in ${APPOINTMENT_OR_LATER} or exists (
            select 1 from lead_status_changes c
            where c.lead_id = l.id and c.to_status in ${APPOINTMENT_OR_LATER})) as appointments,
          count(*) filter (where l.status = 'won') as won
        from leads l where ${leadsIn(span)}`,
  );
  return {
    visitors,
    formStarts,
    leads: num(leadsRow?.leads),
    appointments: num(leadsRow?.appointments),
    won: num(leadsRow?.won),
  };
}

/** A lead's touch for the model, the other when it has only one. */
const touchOf = (touch: TouchModel): SQL =>
  touch === "first"
    ? sql`coalesce(l.first_touch, l.last_touch)`
    : sql`coalesce(l.last_touch, l.first_touch)`;

async function closedLoopBy(
  db: Database,
  span: DaySpan,
  label: SQL,
  limit: number,
  join: SQL = sql``,
): Promise<ClosedLoopRow[]> {
  const rows = await select(
    db,
    sql`select ${label} as label, count(*) as leads,
          count(*) filter (where l.status = 'won') as won,
          coalesce(sum(l.job_value_cents) filter (where l.status = 'won'), 0) as won_value
        from leads l ${join} where ${leadsIn(span)}
        group by 1 order by 2 desc, 3 desc, 1 limit ${limit}`,
  );
  return rows.map((row) => ({
    label: String(row.label),
    leads: num(row.leads),
    won: num(row.won),
    wonValueCents: num(row.won_value),
  }));
}

/**
 * Leads created in the period, their won jobs and the won jobs' value, credited to the
 * touch the model picks: source (utm_source, else the outside referrer, else "direct"),
 * campaign, landing page; and to the lead's affiliate.
 */
export async function closedLoopFor(
  db: Database,
  span: DaySpan,
  touchModel: TouchModel,
  limit: number,
): Promise<ClosedLoop> {
  const touch = touchOf(touchModel);
  const [bySource, byCampaign, byLandingPage, byAffiliate] = [
    await closedLoopBy(
      db,
      span,
      sql`coalesce(nullif(${touch} -> 'params' ->> 'utm_source', ''), nullif(${touch} ->> 'referrer', ''), 'direct')`,
      limit,
    ),
    await closedLoopBy(
      db,
      span,
      sql`coalesce(nullif(${touch} -> 'params' ->> 'utm_campaign', ''), '(none)')`,
      limit,
    ),
    await closedLoopBy(
      db,
      span,
      sql`coalesce(nullif(${touch} ->> 'landingPath', ''), '(unknown)')`,
      limit,
    ),
    await closedLoopBy(
      db,
      span,
      sql`coalesce(a.name || ' (' || a.code || ')', 'No affiliate')`,
      limit,
      sql`left join affiliates a on a.id = l.affiliate_id`,
    ),
  ];
  return { touch: touchModel, bySource, byCampaign, byLandingPage, byAffiliate };
}

// ---------------------------------------------------------------------------------------
// The report.

/** Everything the screen shows for a query, with the period before for comparison. */
export async function analyticsReport(
  db: Database,
  query: AnalyticsQuery,
  { now = new Date(), limit = SCREEN_ROWS }: { now?: Date; limit?: number } = {},
): Promise<AnalyticsReport> {
  const today = companyDay(now);
  const months = await retentionMonths(db);
  const period = periodDays(query, today);
  const previousPeriod = previousSpan(period);
  const sources = await periodSources(db, period, today, months);
  const previousSources = await periodSources(db, previousPeriod, today, months);

  // One query at a time: PGlite runs them one by one anyway, and a pool stays free.
  const figures = await figuresFor(db, sources);
  const previousFigures = await figuresFor(db, previousSources);
  const bots = await botsFor(db, sources);
  const previousBots = await botsFor(db, previousSources);
  return {
    period,
    previousPeriod,
    sources,
    retentionMonths: months,
    figures,
    previousFigures,
    bots,
    previousBots,
    series: await seriesFor(db, period, sources),
    pages: await breakdown(db, sources, pagesSpec, limit),
    landingPages: await landingPagesFor(db, sources, limit),
    referrers: await breakdown(db, sources, referrersSpec, limit),
    trafficSources: await sourcesFor(db, sources, limit),
    campaigns: await campaignsFor(db, sources, limit),
    clickIds: await clickIdsFor(db, sources),
    devices: await breakdown(db, sources, devicesSpec, limit),
    browsers: await breakdown(db, sources, browsersSpec, limit),
    events: await breakdown(db, sources, eventsSpec, limit),
    funnel: await funnelFor(db, period, sources, figures.visitors),
    closedLoop: await closedLoopFor(db, period, query.touch, limit),
  };
}
