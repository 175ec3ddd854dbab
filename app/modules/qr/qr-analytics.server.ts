import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { COMPANY_TIME_ZONE } from "~/modules/platform/patterns";
import type { QrAnalyticsPeriod } from "./qr-analytics-periods";
import { QR_TRACKING_PARAM } from "./qr-links";

/**
 * The QR analytics screen's figures (docs/REQUIREMENTS.md R15.4): per tracked code, its
 * scans per day in the company's time zone, unique scans, devices, and the leads whose
 * tracking, first or last touch carries its `qr` parameter with the jobs won from them.
 */

export interface QrCodeFigures {
  id: number;
  name: string;
  slug: string;
  enabled: boolean;
  scans: number;
  uniqueScans: number;
  /** One entry per day of the period, oldest first (days without scans are 0). */
  daily: { day: string; scans: number; unique: number }[];
  devices: { device: string; scans: number }[];
  leads: number;
  wonJobs: number;
  wonValueCents: number;
}

const number = (value: unknown) => Number(value ?? 0);

async function select<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  // Both drivers (node-postgres and PGlite) answer a raw query with its rows.
  return (result as unknown as { rows: T[] }).rows;
}

/** Leads attributed to a slug: by the tracking they were sent with, or either touch. */
const leadFromCode = (slug: unknown) => sql`(
  l.tracking ->> ${QR_TRACKING_PARAM} = ${slug}
  or l.first_touch -> 'params' ->> ${QR_TRACKING_PARAM} = ${slug}
  or l.last_touch -> 'params' ->> ${QR_TRACKING_PARAM} = ${slug})`;

export async function qrAnalytics(
  db: Database,
  days: QrAnalyticsPeriod,
  now = new Date(),
): Promise<QrCodeFigures[]> {
  const zone = COMPANY_TIME_ZONE;
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${zone})::date`;
  const firstDay = sql`(${today} - ${days - 1}::int)`;
  const inPeriod = sql`(s.scanned_at at time zone ${zone})::date between ${firstDay} and ${today}`;

  const codes = await select<{ id: number; name: string; slug: string; enabled: boolean }>(
    db,
    sql`select id, name, slug, enabled from qr_codes order by created_at desc, id desc`,
  );
  const daily = await select<{ code: number; day: string; scans: string; unique: string }>(
    db,
    sql`
    select s.qr_code_id as code, to_char((s.scanned_at at time zone ${zone})::date, 'YYYY-MM-DD') as day,
           count(*) as scans, count(*) filter (where s.is_unique) as unique
      from qr_scans s where ${inPeriod} group by 1, 2`,
  );
  const devices = await select<{ code: number; device: string; scans: string }>(
    db,
    sql`
    select s.qr_code_id as code, s.device, count(*) as scans
      from qr_scans s where ${inPeriod} group by 1, 2 order by 3 desc, 2`,
  );
  const leadRows = await select<{ code: number; leads: string; won: string; value: string }>(
    db,
    sql`
    select c.id as code, count(l.id) as leads,
           count(l.id) filter (where l.status = 'won') as won,
           coalesce(sum(l.job_value_cents) filter (where l.status = 'won'), 0) as value
      from qr_codes c
      join leads l on ${leadFromCode(sql`c.slug`)}
     where (l.created_at at time zone ${zone})::date between ${firstDay} and ${today}
     group by 1`,
  );

  const dailyRows = daily;
  const deviceRows = devices;
  const leadsByCode = new Map(leadRows.map((row) => [number(row.code), row]));

  const dayList: string[] = [];
  const end = new Date(
    new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(now) + "T00:00:00Z",
  );
  for (let back = days - 1; back >= 0; back -= 1) {
    dayList.push(new Date(end.getTime() - back * 86_400_000).toISOString().slice(0, 10));
  }

  return codes.map((code) => {
    const id = number(code.id);
    const byDay = new Map(
      dailyRows.filter((row) => number(row.code) === id).map((row) => [row.day, row]),
    );
    const perDay = dayList.map((day) => ({
      day,
      scans: number(byDay.get(day)?.scans),
      unique: number(byDay.get(day)?.unique),
    }));
    const lead = leadsByCode.get(id);
    return {
      id,
      name: code.name,
      slug: code.slug,
      enabled: code.enabled,
      scans: perDay.reduce((sum, day) => sum + day.scans, 0),
      uniqueScans: perDay.reduce((sum, day) => sum + day.unique, 0),
      daily: perDay,
      devices: deviceRows
        .filter((row) => number(row.code) === id)
        .map((row) => ({ device: row.device, scans: number(row.scans) })),
      leads: number(lead?.leads),
      wonJobs: number(lead?.won),
      wonValueCents: number(lead?.value),
    };
  });
}
