import { slugify } from "~/modules/content/slug";
import { isValidAffiliateCode } from "./affiliate-code";

/**
 * The affiliate programme's rules that need no database (client-safe): an affiliate's
 * status and the moves an admin may make between them, the code a new affiliate is offered,
 * and how a lead is shown to the affiliate who referred it (docs/REQUIREMENTS.md R1.6, R5.1).
 */

export const AFFILIATE_STATUSES = ["pending", "approved", "rejected", "disabled"] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];

/** What an admin can do to an affiliate's status, from which statuses, and to which. */
export const AFFILIATE_STATUS_MOVES = {
  approve: { from: ["pending", "rejected"], to: "approved" },
  reject: { from: ["pending"], to: "rejected" },
  disable: { from: ["approved"], to: "disabled" },
  enable: { from: ["disabled"], to: "approved" },
} as const satisfies Record<string, { from: readonly AffiliateStatus[]; to: AffiliateStatus }>;

export type AffiliateStatusMove = keyof typeof AFFILIATE_STATUS_MOVES;

/** The status `move` leads to from `current`, or undefined when the move does not apply. */
export function statusAfter(
  current: AffiliateStatus,
  move: AffiliateStatusMove,
): AffiliateStatus | undefined {
  const rule = AFFILIATE_STATUS_MOVES[move];
  return (rule.from as readonly AffiliateStatus[]).includes(current) ? rule.to : undefined;
}

/** The moves an admin is offered for an affiliate in `current`. */
export function movesFrom(current: AffiliateStatus): AffiliateStatusMove[] {
  return (Object.keys(AFFILIATE_STATUS_MOVES) as AffiliateStatusMove[]).filter(
    (move) => statusAfter(current, move) !== undefined,
  );
}

/** Only an approved affiliate's code credits leads and clicks; any other is kept, crediting nobody. */
export const creditsReferrals = (status: AffiliateStatus) => status === "approved";

/**
 * A code to offer a new affiliate: their name as a slug with a short random ending, so
 * two people of the same name get different codes ("jane-doe-4k7q"); within the pattern
 * of R5.1 whatever the name.
 */
export function suggestAffiliateCode(name: string, random = Math.random): string {
  const ending = Array.from({ length: 4 }, () =>
    "abcdefghjkmnpqrstuvwxyz23456789".charAt(Math.floor(random() * 31)),
  ).join("");
  const base = slugify(name).slice(0, 40).replace(/-+$/, "") || "partner";
  const code = `${base}-${ending}`;
  return isValidAffiliateCode(code) ? code : `partner-${ending}`;
}

/**
 * A lead as its affiliate sees it: the first name and the last name's initial, never more
 * ("Jane D."). A missing part is left out rather than guessed.
 */
export function maskedLeadName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = Array.from(lastName.trim())[0]?.toUpperCase();
  return [first, initial ? `${initial}.` : ""].filter(Boolean).join(" ");
}
