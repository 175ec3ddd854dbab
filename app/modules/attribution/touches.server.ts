import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { visitors, type Touch } from "~/db/schema";
import { hasTrackingParams, trackingParamsFromUrl } from "./tracking";
import { isUuid } from "~/modules/platform/patterns";

/** First-party cookie naming the browser's touch record (no personal data in it). */
export const VISITOR_COOKIE = "lm_visitor";
export const VISITOR_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const isVisitorId = isUuid;

/**
 * A marketing touch when the landing says where the visitor came from: tracking
 * parameters in the URL, or an outside site in the Referer header. Plain visits are not
 * touches, so direct traffic never overwrites a campaign.
 */
export function touchFromRequest(url: URL, referer: string | null, now = new Date()): Touch | null {
  const params = trackingParamsFromUrl(url.searchParams);
  let referrer: string | undefined;
  if (referer) {
    try {
      const host = new URL(referer).host;
      if (host && host !== url.host) referrer = host;
    } catch {
      // An unparsable Referer says nothing useful.
    }
  }
  if (!hasTrackingParams(params) && !referrer) return null;
  return {
    at: now.toISOString(),
    landingPath: url.pathname.slice(0, 300),
    ...(referrer ? { referrer } : {}),
    params,
  };
}

/**
 * Records a touch for the browser: the first one stays first, every one becomes the last.
 * Returns the visitor id to keep in the cookie (a new one when the cookie was unknown).
 */
export async function recordTouch(
  db: Database,
  visitorId: string | undefined,
  touch: Touch,
): Promise<string> {
  if (visitorId) {
    const updated = await db
      .update(visitors)
      .set({
        lastTouch: touch,
        touchCount: sql`${visitors.touchCount} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(visitors.id, visitorId))
      .returning({ id: visitors.id });
    if (updated.length > 0) return visitorId;
  }
  const [created] = await db
    .insert(visitors)
    .values({ firstTouch: touch, lastTouch: touch })
    .returning({ id: visitors.id });
  if (!created) throw new Error("The visitor record was not created");
  return created.id;
}

export async function getVisitorTouches(
  db: Database,
  visitorId: string | undefined,
): Promise<{ firstTouch: Touch; lastTouch: Touch } | undefined> {
  if (!visitorId) return undefined;
  const [row] = await db
    .select({ firstTouch: visitors.firstTouch, lastTouch: visitors.lastTouch })
    .from(visitors)
    .where(eq(visitors.id, visitorId));
  return row;
}

/** `getVisitorTouches` for several visitors in one statement, by visitor id. */
export async function getTouchesOfVisitors(
  db: Database,
  visitorIds: (string | undefined)[],
): Promise<Map<string, { firstTouch: Touch; lastTouch: Touch }>> {
  const ids = [...new Set(visitorIds.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: visitors.id, firstTouch: visitors.firstTouch, lastTouch: visitors.lastTouch })
    .from(visitors)
    .where(inArray(visitors.id, ids));
  return new Map(rows.map(({ id, ...touches }) => [id, touches]));
}
