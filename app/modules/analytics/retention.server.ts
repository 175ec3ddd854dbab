import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { companyDay } from "~/modules/platform/calendar-day";
import { COMPANY_TIME_ZONE } from "~/modules/platform/patterns";
import { getCompanySettings } from "~/modules/settings/settings.server";

/**
 * Retention of analytics (docs/decisions/013): raw events older than the company's
 * retention (company_settings.analytics_retention_months, 13 by default) are rolled into
 * analytics_daily and deleted, one company day (New York time) per transaction, so the
 * daily totals keep every count the reports need and nothing is counted twice or lost.
 */

const TZ = sql.raw(`'${COMPANY_TIME_ZONE}'`);
/** Days rolled up in one run; a backlog is worked off by the following runs. */
const DAYS_PER_RUN = 62;

export interface RetentionResult {
  days: number;
  events: number;
}

/** The first company day whose events are kept: the day `months` before `now`. */
export function retentionStartDay(now: Date, months: number): string {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return companyDay(cutoff);
}

export async function rollUpExpiredEvents(
  database: Pick<DatabaseHandle, "db" | "transaction">,
  now = new Date(),
): Promise<RetentionResult> {
  const { analyticsRetentionMonths } = await getCompanySettings(database.db);
  const keepFrom = retentionStartDay(now, analyticsRetentionMonths);
  const days = await database.db.execute(sql`
    select distinct (created_at at time zone ${TZ})::date::text as day
    from analytics_events
    where created_at < (${keepFrom}::date::timestamp at time zone ${TZ})
    order by day
    limit ${DAYS_PER_RUN}`);
  let events = 0;
  const { rows } = days as unknown as { rows: { day: string }[] };
  for (const { day } of rows) {
    events += await database.transaction((tx) => rollUpDay(tx.db, day));
  }
  return { days: rows.length, events };
}

/** One company day's events into the daily totals, then deleted; returns how many. */
async function rollUpDay(db: DatabaseHandle["db"], day: string): Promise<number> {
  const from = sql`(${day}::date::timestamp at time zone ${TZ})`;
  const to = sql`((${day}::date + 1)::timestamp at time zone ${TZ})`;
  // Values are cut so a row's key stays well within an index entry's size.
  await db.execute(sql`
    insert into analytics_daily as daily (day, name, path, referrer_host, utm_source, utm_medium,
      utm_campaign, device, browser, is_bot, events, visitors, sessions)
    select ${day}::date, name, left(coalesce(path, ''), 200), left(coalesce(referrer_host, ''), 253),
      left(coalesce(properties->>'utm_source', ''), 80),
      left(coalesce(properties->>'utm_medium', ''), 80),
      left(coalesce(properties->>'utm_campaign', ''), 80),
      coalesce(device, ''), coalesce(browser, ''), is_bot,
      count(*), count(distinct visitor_id), count(distinct session_id)
    from analytics_events
    where created_at >= ${from} and created_at < ${to}
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    on conflict on constraint analytics_daily_pk do update set
      events = daily.events + excluded.events,
      visitors = daily.visitors + excluded.visitors,
      sessions = daily.sessions + excluded.sessions`);
  const deleted = await db.execute(sql`
    with gone as (
      delete from analytics_events where created_at >= ${from} and created_at < ${to} returning 1
    )
    select count(*)::int as n from gone`);
  return (deleted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}
