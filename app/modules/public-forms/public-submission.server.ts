import type { Database } from "~/db/client.server";
import { usedFormTokens, type SpamReason } from "~/db/schema";
import { checkFormToken, formTokenHash, MIN_FILL_MS } from "~/modules/leads/form-token.server";
import {
  hitRateLimit,
  type RateLimit,
  type RateLimitResult,
} from "~/modules/platform/rate-limit.server";

/**
 * The guards every public form's post goes through (the consultation request, the review,
 * the giveaway entry): the honeypot, the signed fill-time token, the per-address limit and
 * the token spent with what the post stores. Each form calls them in its own order (what
 * it does with spam, whether bot protection applies), so they are steps, not one pipeline.
 */

/** Why a post is a bot's before its fields are even read. */
export type BotPostReason = Extract<SpamReason, "honeypot" | "too_fast" | "missing_form_token">;

export interface PublicFormPost {
  /** The hidden field people never see; bots fill it in. */
  honeypot: string;
  /** When the form was served (signed). */
  formToken: string | undefined;
  ip: string | undefined;
}

export interface PublicFormRules {
  /** Names the form's rate-limit counter (`lead:{address}`). */
  name: string;
  /** Posts one address may make. */
  limit: RateLimit;
  /** Signs the fill-time token. */
  secret: string;
  now: number;
  minFillMs?: number;
  /** False where a post may come without a token (the leads' JSON callers). */
  tokenRequired?: boolean;
}

export interface PublicSubmission {
  /** Set when the honeypot is filled or the token is missing, forged or too fresh. */
  spamReason: BotPostReason | undefined;
  /** The form was served over a day ago: sent back to be checked and sent again. */
  stale: boolean;
  /** Counts this post against its address's limit. */
  hitLimit(db: Database): Promise<RateLimitResult>;
  /**
   * Spends the post's token, in the transaction that stores what it sent: false when it had
   * been spent already (a token serves one post). True for a post that came without one.
   */
  spendToken(db: Database): Promise<boolean>;
  /** The token `spendToken` spends, for `spendFormTokens`; undefined when there is none. */
  tokenToSpend: string | undefined;
}

/**
 * Spends several posts' tokens in one statement, as each post's `spendToken` would: true
 * for a post whose token was not spent before (nor earlier in the list), or that has none.
 */
export async function spendFormTokens(
  db: Database,
  tokens: (string | undefined)[],
): Promise<boolean[]> {
  const hashes = tokens.map((token) => (token ? formTokenHash(token) : undefined));
  const firstUse = hashes.map(
    (hash, index) => hash !== undefined && hashes.indexOf(hash) === index,
  );
  const toInsert = hashes.filter((hash, index): hash is string => firstUse[index] === true);
  const spent =
    toInsert.length === 0
      ? []
      : await db
          .insert(usedFormTokens)
          .values(toInsert.map((tokenHash) => ({ tokenHash })))
          .onConflictDoNothing()
          .returning({ tokenHash: usedFormTokens.tokenHash });
  const spentNow = new Set(spent.map((row) => row.tokenHash));
  return hashes.map((hash, index) =>
    hash === undefined ? true : firstUse[index] === true && spentNow.has(hash),
  );
}

/**
 * Why the post is taken for a bot's, once the form it sent has been checked: one sent too
 * fast that is not filled in is a person's tap on the button as the page opened, shown what
 * is missing like anyone else; only a filled-in form sent that fast is a bot's.
 */
export function botReason(
  submission: PublicSubmission,
  formIsValid: boolean,
): BotPostReason | undefined {
  return submission.spamReason === "too_fast" && !formIsValid ? undefined : submission.spamReason;
}

export function checkPublicSubmission(
  post: PublicFormPost,
  rules: PublicFormRules,
): PublicSubmission {
  const tokenCheck =
    rules.tokenRequired === false && post.formToken === undefined
      ? undefined
      : checkFormToken(post.formToken, rules.secret, rules.now, rules.minFillMs ?? MIN_FILL_MS);
  const spamReason: BotPostReason | undefined =
    post.honeypot.trim() !== ""
      ? "honeypot"
      : tokenCheck === "too_fast" || tokenCheck === "missing_form_token"
        ? tokenCheck
        : undefined;
  const tokenToSpend = tokenCheck === "ok" ? post.formToken : undefined;
  return {
    spamReason,
    stale: tokenCheck === "expired",
    hitLimit: (db) =>
      hitRateLimit(db, `${rules.name}:${post.ip ?? "unknown"}`, rules.limit, new Date(rules.now)),
    tokenToSpend,
    spendToken: async (db) => {
      if (!tokenToSpend) return true;
      const [spent] = await spendFormTokens(db, [tokenToSpend]);
      return spent === true;
    },
  };
}
