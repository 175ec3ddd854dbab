/**
 * The commission rules that need no database (client-safe): what a won job earns under a
 * rule, when its hold ends, and the moves a commission may make between its statuses. Money
 * is integer cents everywhere; a percentage is in basis points (1250 = 12.5 %).
 */

/** How a rule with both a flat amount and a percentage combines them. */
export const COMMISSION_COMBINATIONS = ["greater", "sum"] as const;
export type CommissionCombination = (typeof COMMISSION_COMBINATIONS)[number];

/**
 * A commission rule: a flat amount per won job, a percentage of the job's value (with an
 * optional cap on that percentage's amount), or both, combined as the greater or the sum.
 * A job worth less than the minimum earns nothing.
 */
export interface CommissionRule {
  flatCents: number | null;
  percentBasisPoints: number | null;
  /** The most the percentage part may come to; null for no cap. */
  percentCapCents: number | null;
  combination: CommissionCombination;
  minJobValueCents: number;
}

/** The percentage part: rounded to the nearest cent (halves up), then capped. */
export function percentPart(rule: CommissionRule, jobValueCents: number): number {
  if (rule.percentBasisPoints === null) return 0;
  const amount = Math.round((jobValueCents * rule.percentBasisPoints) / 10_000);
  return rule.percentCapCents === null ? amount : Math.min(amount, rule.percentCapCents);
}

/** What a won job of `jobValueCents` earns under `rule`, in cents (never negative). */
export function commissionFor(rule: CommissionRule, jobValueCents: number): number {
  if (!Number.isInteger(jobValueCents) || jobValueCents <= 0) return 0;
  if (jobValueCents < rule.minJobValueCents) return 0;
  const flat = rule.flatCents ?? 0;
  const percent = percentPart(rule, jobValueCents);
  const hasFlat = rule.flatCents !== null;
  const hasPercent = rule.percentBasisPoints !== null;
  if (hasFlat && hasPercent) {
    return rule.combination === "sum" ? flat + percent : Math.max(flat, percent);
  }
  return hasFlat ? flat : percent;
}

/** A rule in words, as the admin and the affiliate see it on a commission. */
export function describeRule(rule: CommissionRule): string {
  const money = (cents: number) =>
    `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const percent =
    rule.percentBasisPoints === null
      ? null
      : `${(rule.percentBasisPoints / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })} % of the job` +
        (rule.percentCapCents === null ? "" : ` (at most ${money(rule.percentCapCents)})`);
  const flat = rule.flatCents === null ? null : `${money(rule.flatCents)} per job`;
  const terms =
    flat && percent
      ? `${rule.combination === "sum" ? "" : "the greater of "}${flat} ${rule.combination === "sum" ? "plus" : "and"} ${percent}`
      : (flat ?? percent ?? "nothing");
  return rule.minJobValueCents > 0
    ? `${terms}, for jobs of ${money(rule.minJobValueCents)} or more`
    : terms;
}

/* Hold ----------------------------------------------------------------------------------- */

export const DEFAULT_HOLD_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** When a commission earned at `wonAt` may be paid: `holdDays` whole days later. */
export const holdEndsAt = (wonAt: Date, holdDays: number): Date =>
  new Date(wonAt.getTime() + holdDays * DAY_MS);

export const isHoldOver = (wonAt: Date, holdDays: number, now: Date): boolean =>
  now.getTime() >= holdEndsAt(wonAt, holdDays).getTime();

/* Statuses and their moves --------------------------------------------------------------- */

export const COMMISSION_STATUSES = ["pending", "approved", "paid", "void"] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/** Why a commission was voided: it never earns. */
export const VOID_REASONS = ["job_cancelled", "self_referral", "duplicate", "admin"] as const;
export type VoidReason = (typeof VOID_REASONS)[number];

export const VOID_REASON_LABELS: Record<VoidReason, string> = {
  job_cancelled: "The job was cancelled",
  self_referral: "The lead was the affiliate's own",
  duplicate: "A duplicate of an earlier lead for the same person",
  admin: "An admin's decision",
};

/**
 * The moves a commission may make. A paid commission never changes (a correction is a new
 * adjustment line); only a voided payout returns its commissions to approved.
 */
export const COMMISSION_MOVES = {
  /** The hold has passed (done by a job). */
  approve: { from: ["pending"], to: "approved" },
  /** Settled by a payout. */
  pay: { from: ["approved"], to: "paid" },
  /** The payout that settled it was voided. */
  unpay: { from: ["paid"], to: "approved" },
  /** Cancelled job, self-referral, duplicate, or an admin's decision. */
  void: { from: ["pending", "approved"], to: "void" },
  /** The job's value changed before payment: the amount is worked out again. */
  recalculate: { from: ["pending", "approved"], to: null },
} as const satisfies Record<
  string,
  { from: readonly CommissionStatus[]; to: CommissionStatus | null }
>;

export type CommissionMove = keyof typeof COMMISSION_MOVES;

/**
 * The status `move` leads to from `current` (the same status for a recalculation), or
 * undefined when the move is refused.
 */
export function commissionStatusAfter(
  current: CommissionStatus,
  move: CommissionMove,
): CommissionStatus | undefined {
  const rule = COMMISSION_MOVES[move];
  if (!(rule.from as readonly CommissionStatus[]).includes(current)) return undefined;
  return rule.to ?? current;
}

/* Payouts -------------------------------------------------------------------------------- */

export const PAYOUT_METHODS = ["check", "bank_transfer", "other"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  check: "Check",
  bank_transfer: "Bank transfer",
  other: "Other",
};
