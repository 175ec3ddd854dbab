import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { reviews } from "~/db/schema";

export { THANKS_PARAM } from "./leave-review-fields";

/**
 * After a review is stored, the visitor is sent on (Post/Redirect/Get) to
 * /leave-review?thanks={token}: the review's id and an expiry, signed by the server, so a
 * refresh shows the thank-you again instead of sending the review twice, and nobody can
 * make the page show another review's text (docs/REQUIREMENTS.md R15.1).
 */

/** Long enough to read, copy and post the review elsewhere; short enough to go stale. */
export const THANKS_LIFETIME_MS = 2 * 60 * 60 * 1000;

const sign = (secret: string, payload: string) =>
  createHmac("sha256", secret).update(`review-thanks:${payload}`).digest("base64url").slice(0, 22);

export function reviewThanksToken(reviewId: number, secret: string, now = Date.now()): string {
  const payload = `${reviewId.toString(36)}.${(now + THANKS_LIFETIME_MS).toString(36)}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The review a thank-you token names, while it is signed and fresh. */
export function reviewIdFromThanksToken(
  token: string | null | undefined,
  secret: string,
  now = Date.now(),
): number | undefined {
  const [id, expires, signature] = (token ?? "").split(".");
  if (!id || !expires || !signature || !/^[0-9a-z]{1,12}$/.test(id + expires)) return undefined;
  const expected = Buffer.from(sign(secret, `${id}.${expires}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (parseInt(expires, 36) < now) return undefined;
  const reviewId = parseInt(id, 36);
  return Number.isSafeInteger(reviewId) && reviewId > 0 ? reviewId : undefined;
}

/** What the thank-you shows of the review: its stars and words, never its contact details. */
export interface ReviewThanks {
  rating: number;
  text: string;
  /** Whether the reviewer left a phone number or e-mail address to call them back on. */
  leftContact: boolean;
}

export async function reviewThanks(
  db: Database,
  reviewId: number,
): Promise<ReviewThanks | undefined> {
  const [row] = await db
    .select({
      rating: reviews.rating,
      text: reviews.text,
      contactEmail: reviews.contactEmail,
      contactPhone: reviews.contactPhone,
    })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  if (!row) return undefined;
  return {
    rating: row.rating,
    text: row.text,
    leftContact: Boolean(row.contactEmail || row.contactPhone),
  };
}
