import type PgBoss from "pg-boss";
import type { DatabaseHandle } from "~/db/client.server";
import { spamSubmissions, type Lead, type SpamReason } from "~/db/schema";
import type { Logger } from "~/modules/platform/logger.server";
import type { RateLimit } from "~/modules/platform/rate-limit.server";
import { isAllowed } from "~/modules/analytics/bot-score";
import {
  botReason,
  checkPublicSubmission,
  spendFormTokens,
} from "~/modules/public-forms/public-submission.server";
import { createGroupCommit } from "~/modules/platform/group-commit.server";
import { getCompanySettings } from "~/modules/settings/settings.server";
import type { LeadFieldErrors, LeadFormValues, LeadValues } from "./lead-fields";
import { validateLead } from "./lead.schema";
import { storeLeads, type LeadOrigin, type LeadToStore } from "./store-lead.server";

/** Submissions one address may make: a household fixing a typo is fine, a flood is not. */
const LEAD_RATE_LIMIT: RateLimit = { limit: 5, windowMs: 10 * 60 * 1000 };

/** Everything a request to POST /api/leads carries, read by the route. */
export interface LeadRequest extends LeadOrigin {
  values: LeadFormValues;
  /** The hidden field people never see; bots fill it in. */
  honeypot: string;
  /** When the form was served (signed); absent from JSON callers. */
  formToken: string | undefined;
}

export type LeadOutcome =
  | { kind: "stored"; leadId: string; values: LeadValues }
  | { kind: "spam"; reason: SpamReason }
  /** The form was served over a day ago: sent back to be checked and sent again. */
  | { kind: "stale_form" }
  | { kind: "invalid"; errors: LeadFieldErrors }
  | { kind: "rate_limited"; retryAfterMs: number }
  /** Bot protection is on and the request looks automated: kept in the spam folder. */
  | { kind: "blocked" }
  | { kind: "unavailable" };

export interface LeadServices {
  database: DatabaseHandle;
  boss: PgBoss;
  logger: Logger;
  publicUrl: URL;
  /** Signs the form's fill-time token. */
  secret: string;
  minFillMs?: number;
  now?: () => number;
}

/**
 * The consultation request (docs/REQUIREMENTS.md D2): spam is kept aside, invalid input goes
 * back with its messages, and a valid request is stored with its attribution, webhook
 * deliveries, staff e-mail and analytics record in one transaction before anyone is
 * thanked. Delivery happens afterwards, from the job queue.
 */
export async function submitLead(
  services: LeadServices,
  request: LeadRequest,
): Promise<LeadOutcome> {
  const { database, logger } = services;
  const now = services.now?.() ?? Date.now();

  const submission = checkPublicSubmission(request, {
    name: "lead",
    limit: LEAD_RATE_LIMIT,
    secret: services.secret,
    now,
    minFillMs: services.minFillMs,
    // Form posts always carry the token; JSON callers may, and then it counts the same.
    tokenRequired: request.channel === "form",
  });

  const keepAsSpam = async (reason: SpamReason): Promise<LeadOutcome> => {
    // Flooding bots are still limited, so the spam folder cannot fill the disk.
    const limit = await submission.hitLimit(database.db);
    if (limit.allowed) {
      await database.db.insert(spamSubmissions).values({
        reason,
        payload: spamPayload(request),
        ipAddress: request.ip ?? null,
        userAgent: request.userAgent?.slice(0, 500) ?? null,
      });
    }
    logger.info({ reason, stored: limit.allowed }, "lead spam caught");
    return { kind: "spam", reason };
  };

  try {
    const company = await getCompanySettings(database.db);
    const validation = validateLead(request.values, company);
    const spamReason = botReason(submission, validation.ok);
    if (spamReason) return await keepAsSpam(spamReason);
    // Refused as the block screen refuses the page (docs/REQUIREMENTS.md R5.14), yet kept for
    // staff: a person wrongly taken for a bot is not a lost lead.
    if (request.bot && !isAllowed(request.bot, company.botProtection)) {
      await keepAsSpam("bot_protection");
      return { kind: "blocked" };
    }
    if (submission.stale) return { kind: "stale_form" };
    if (!validation.ok) return { kind: "invalid", errors: validation.errors };

    const limit = await submission.hitLimit(database.db);
    if (!limit.allowed) {
      logger.info({ retryAfterMs: limit.retryAfterMs }, "lead rate limited");
      return { kind: "rate_limited", retryAfterMs: limit.retryAfterMs };
    }

    const values = validation.value;
    const stored = await leadWriter(
      database,
      services.boss,
    )({
      tokenToSpend: submission.tokenToSpend,
      lead: { company, publicUrl: services.publicUrl, values, origin: request },
    });

    if (stored === REUSED_TOKEN) return await keepAsSpam("reused_form_token");
    logger.info(
      { leadId: stored.id, channel: request.channel, affiliated: Boolean(stored.affiliateId) },
      "lead stored",
    );
    return { kind: "stored", leadId: stored.id, values };
  } catch (err) {
    logger.error({ err }, "storing a lead failed");
    return { kind: "unavailable" };
  }
}

/** The transaction's answer when the form's token had already been spent. */
const REUSED_TOKEN = Symbol("reused form token");

/** Batches are kept small enough that one lead never waits long behind the others. */
const MAX_LEADS_PER_BATCH = 50;

interface LeadToWrite {
  /** Spent with the stored request, in its transaction: a token serves one request. */
  tokenToSpend: string | undefined;
  lead: LeadToStore;
}

type LeadWriter = (request: LeadToWrite) => Promise<Lead | typeof REUSED_TOKEN>;
const leadWriters = new WeakMap<DatabaseHandle, WeakMap<PgBoss, LeadWriter>>();

/**
 * Stores valid requests by group commit (docs/decisions/018): those that arrive while a
 * batch is written go together in the next one, one transaction for all of them. A request
 * whose token was spent already is left out of its batch; one that makes its batch fail is
 * written again alone, so it cannot cost the others theirs.
 */
function leadWriter(database: DatabaseHandle, boss: PgBoss): LeadWriter {
  const forDatabase = leadWriters.get(database) ?? new WeakMap<PgBoss, LeadWriter>();
  leadWriters.set(database, forDatabase);
  let writer = forDatabase.get(boss);
  if (!writer) {
    writer = createGroupCommit<LeadToWrite, Lead | typeof REUSED_TOKEN>({
      maxBatch: MAX_LEADS_PER_BATCH,
      write: (requests) =>
        database.transaction(async (tx) => {
          const fresh = await spendFormTokens(
            tx.db,
            requests.map((request) => request.tokenToSpend),
          );
          const { leads: stored } = await storeLeads(
            tx,
            boss,
            requests.filter((_, index) => fresh[index]).map((request) => request.lead),
          );
          let next = 0;
          return requests.map((_, index) => (fresh[index] ? stored[next++]! : REUSED_TOKEN));
        }),
    });
    forDatabase.set(boss, writer);
  }
  return writer;
}

/** What a spam entry keeps: the fields as typed, so staff can still turn it into a lead. */
function spamPayload(request: LeadRequest): Record<string, unknown> {
  return {
    values: request.values,
    honeypot: request.honeypot.slice(0, 500),
    channel: request.channel,
    tracking: request.tracking,
    cookieTracking: request.cookieTracking,
    affiliateCode: request.affiliateCode ?? null,
    visitorId: request.visitorId ?? null,
    pagePath: request.pagePath ?? null,
    visualizerDesign: request.visualizerDesign ?? null,
  };
}
