import { and, asc, desc, eq, gt, lte } from "drizzle-orm";
import type { DatabaseHandle, Database } from "~/db/client.server";
import {
  analyticsEvents,
  giveawayEntries,
  giveaways,
  type FormAttribution,
  type Giveaway,
} from "~/db/schema";
import { isValidAffiliateCode } from "~/modules/affiliates/affiliate-code";
import { getVisitorTouches } from "~/modules/attribution/touches.server";
import { cleanTrackingParams, type TrackingParams } from "~/modules/attribution/tracking";
import type { Logger } from "~/modules/platform/logger.server";
import type { RateLimit } from "~/modules/platform/rate-limit.server";
import { botReason, checkPublicSubmission } from "~/modules/public-forms/public-submission.server";
import type { EntryFieldErrors, EntryFormValues } from "./giveaway-entry-fields";
import { validateEntry, type EntryValues } from "./giveaway-entry.schema";
import { giveawayPhase, winnerDisplayName } from "./giveaway-phase";

/**
 * Entering the giveaway from /giveaway (docs/REQUIREMENTS.md R15.2): spam is turned away
 * quietly, invalid input goes back with its messages, one address is limited, and a valid
 * entry is stored with its attribution before the visitor is told anything. One entry per
 * e-mail and one per phone in each giveaway: the database's unique indexes decide, so two
 * posts at the same moment still make one entry.
 */

/** Entries one address may send: a household entering a few people is fine, a flood is not. */
export const ENTRY_RATE_LIMIT: RateLimit = { limit: 5, windowMs: 10 * 60 * 1000 };

/** Everything a post to /giveaway carries, read by the route. */
export interface EntryRequest {
  giveawayId: number;
  values: EntryFormValues;
  honeypot: string;
  formToken: string | undefined;
  /** What the browser kept of the tracking parameters (docs/REQUIREMENTS.md R3.2). */
  tracking: TrackingParams;
  /** ga, fbc and fbp from their cookies. */
  cookieTracking: TrackingParams;
  /** A referral code from the form or the lm_affiliate cookie. */
  affiliateCode: string | undefined;
  /** The lm_visitor cookie, for the server's first and last touch. */
  touchVisitorId: string | undefined;
  /** The analytics visitor and session ids (absent with Do-Not-Track). */
  analytics: { visitorId: string | undefined; sessionId: string | undefined };
  ip: string | undefined;
  userAgent: string | undefined;
  pagePath: string | undefined;
}

export type EntryOutcome =
  | { kind: "entered"; entryId: string }
  /** This e-mail or phone already has an entry: not an error, and not a second entry. */
  | { kind: "already_entered" }
  /** Thanked like a person, stored nowhere. */
  | { kind: "spam" }
  | { kind: "stale_form" }
  | { kind: "invalid"; errors: EntryFieldErrors }
  | { kind: "rate_limited"; retryAfterMs: number }
  | { kind: "not_open" }
  | { kind: "unavailable" };

export interface EntryServices {
  database: Pick<DatabaseHandle, "db" | "transaction">;
  logger: Pick<Logger, "info" | "error">;
  /** Signs the form's fill-time token. */
  secret: string;
  minFillMs?: number;
  now?: () => number;
}

export async function submitGiveawayEntry(
  services: EntryServices,
  request: EntryRequest,
): Promise<EntryOutcome> {
  const { database, logger } = services;
  const now = services.now?.() ?? Date.now();
  const submission = checkPublicSubmission(request, {
    name: "giveaway",
    limit: ENTRY_RATE_LIMIT,
    secret: services.secret,
    now,
    minFillMs: services.minFillMs,
  });

  try {
    const validation = validateEntry(request.values);
    const spamReason = botReason(submission, validation.ok);
    if (spamReason) {
      await submission.hitLimit(database.db);
      logger.info({ reason: spamReason }, "giveaway spam");
      return { kind: "spam" };
    }
    if (submission.stale) return { kind: "stale_form" };
    if (!validation.ok) return { kind: "invalid", errors: validation.errors };

    const limit = await submission.hitLimit(database.db);
    if (!limit.allowed) return { kind: "rate_limited", retryAfterMs: limit.retryAfterMs };

    const outcome = await database.transaction(async (tx): Promise<EntryOutcome> => {
      const [giveaway] = await tx.db
        .select({ startsAt: giveaways.startsAt, endsAt: giveaways.endsAt })
        .from(giveaways)
        .where(eq(giveaways.id, request.giveawayId));
      if (!giveaway || giveawayPhase(giveaway, new Date(now)) !== "open") {
        return { kind: "not_open" };
      }
      // A token serves one entry; a form sent twice is the same person's same entry.
      if (!(await submission.spendToken(tx.db))) return { kind: "already_entered" };
      const attribution = await entryAttribution(tx.db, request);
      const entryId = await storeEntry(tx.db, request.giveawayId, validation.value, {
        attribution,
        ip: request.ip,
        at: new Date(now),
      });
      if (!entryId) return { kind: "already_entered" };
      // The analytics record carries no personal data, only what and where from.
      await tx.db.insert(analyticsEvents).values({
        name: "giveaway_entry",
        path: request.pagePath ?? null,
        visitorId: request.analytics.visitorId ?? null,
        sessionId: request.analytics.sessionId ?? null,
        properties: {
          giveawayId: request.giveawayId,
          utm_source: attribution.tracking.utm_source ?? null,
          utm_medium: attribution.tracking.utm_medium ?? null,
          utm_campaign: attribution.tracking.utm_campaign ?? null,
          affiliated: Boolean(attribution.affiliateCode),
        },
      });
      return { kind: "entered", entryId };
    });
    logger.info({ giveawayId: request.giveawayId, outcome: outcome.kind }, "giveaway entry");
    return outcome;
  } catch (err) {
    logger.error({ err }, "storing a giveaway entry failed");
    return { kind: "unavailable" };
  }
}

/**
 * Stores one entry unless its e-mail or phone already has one in this giveaway (the
 * unique indexes decide, under concurrent posts too): its id, or undefined.
 */
export async function storeEntry(
  db: Database,
  giveawayId: number,
  values: EntryValues,
  extra: { attribution: FormAttribution; ip?: string; at?: Date },
): Promise<string | undefined> {
  const [row] = await db
    .insert(giveawayEntries)
    .values({
      giveawayId,
      name: values.name,
      email: values.email,
      phone: values.phone,
      zip: values.zip,
      agreeToRules: values.agreeToRules,
      attribution: extra.attribution,
      ipAddress: extra.ip ?? null,
      ...(extra.at ? { createdAt: extra.at } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: giveawayEntries.id });
  return row?.id;
}

/**
 * Where the visitor came from, as a lead keeps it (docs/REQUIREMENTS.md R3.2): the server's
 * first and last touch for the lm_visitor cookie, the tracking parameters (the last touch's,
 * the analytics cookies', the browser's), the referral code and the analytics visitor id.
 */
async function entryAttribution(db: Database, request: EntryRequest): Promise<FormAttribution> {
  const touches = await getVisitorTouches(db, request.touchVisitorId);
  const tracking = cleanTrackingParams({
    ...touches?.lastTouch.params,
    ...request.cookieTracking,
    ...request.tracking,
  });
  const code = [request.affiliateCode, tracking.aff, tracking.affiliate_code].find((candidate) =>
    isValidAffiliateCode(candidate),
  );
  return {
    tracking,
    ...(touches ? { firstTouch: touches.firstTouch, lastTouch: touches.lastTouch } : {}),
    ...(code ? { affiliateCode: code } : {}),
    ...(request.analytics.visitorId ? { visitorId: request.analytics.visitorId } : {}),
  };
}

/**
 * The giveaway /giveaway shows: the one running now; else the next to open; else the one
 * that ended last. Undefined when there has never been one.
 */
export async function findPublicGiveaway(
  db: Database,
  now: Date = new Date(),
): Promise<Giveaway | undefined> {
  const [open] = await db
    .select()
    .from(giveaways)
    .where(and(lte(giveaways.startsAt, now), gt(giveaways.endsAt, now)))
    .orderBy(desc(giveaways.startsAt), desc(giveaways.id))
    .limit(1);
  if (open) return open;
  const [upcoming] = await db
    .select()
    .from(giveaways)
    .where(gt(giveaways.startsAt, now))
    .orderBy(asc(giveaways.startsAt), asc(giveaways.id))
    .limit(1);
  if (upcoming) return upcoming;
  const [ended] = await db
    .select()
    .from(giveaways)
    .where(lte(giveaways.endsAt, now))
    .orderBy(desc(giveaways.endsAt), desc(giveaways.id))
    .limit(1);
  return ended;
}

/** The drawn winner's name as the public page shows it ("Jordan R."), if drawn. */
export async function publicWinnerName(
  db: Database,
  giveaway: Pick<Giveaway, "id" | "winnerEntryId">,
): Promise<string | undefined> {
  if (!giveaway.winnerEntryId) return undefined;
  const [winner] = await db
    .select({ name: giveawayEntries.name })
    .from(giveawayEntries)
    .where(
      and(
        eq(giveawayEntries.id, giveaway.winnerEntryId),
        eq(giveawayEntries.giveawayId, giveaway.id),
      ),
    );
  return winner ? winnerDisplayName(winner.name) : undefined;
}
