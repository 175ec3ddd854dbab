import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import {
  affiliateAccounts,
  affiliateCodes,
  affiliateEvents,
  affiliates,
  affiliateTwoFactors,
  affiliateUsers,
  leads,
  referralClicks,
  type LeadStatus,
} from "~/db/schema";
import { isUniqueViolation } from "~/db/unique-violation";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import { enqueueMail, type OutgoingMail } from "~/modules/mail/mail.server";
import {
  filterQueryString,
  likePattern,
  optionalFilter,
  searchFilter,
} from "~/modules/platform/list-query";
import { isUuid } from "~/modules/platform/patterns";
import { z } from "~/modules/platform/zod";
import {
  AFFILIATE_FORM_MESSAGES,
  AFFILIATE_MOVE_LABELS,
  AFFILIATE_SORTS,
  AFFILIATE_STATUS_LABELS,
  MOVES_NEEDING_A_REASON,
  type AffiliateInvite,
  type AffiliateSort,
} from "./affiliate-admin.schema";
import {
  AFFILIATE_RESET_PATH,
  getAffiliateAuth,
  sendingPasswordLink,
  type AffiliateAuthDeps,
} from "./affiliate-auth.server";
import { isValidAffiliateCode } from "./affiliate-code";
import {
  findAffiliateByCode,
  insertAffiliate,
  recordAffiliateEvent,
} from "./affiliate-records.server";
import {
  AFFILIATE_STATUSES,
  statusAfter,
  suggestAffiliateCode,
  type AffiliateStatus,
  type AffiliateStatusMove,
} from "./affiliate-rules";
import { endAffiliateSessions } from "./affiliate-sign-in.server";

/**
 * The affiliate programme as admins run it (docs/REQUIREMENTS.md R1.7, R2.13, R3.12): the
 * list with each affiliate's clicks, leads and conversion, one affiliate's record, and the
 * changes only an admin makes (R6.2): status moves, codes, authenticator resets,
 * invitations and password links. Every change is audited in its own transaction.
 */

export const AFFILIATE_ADMIN_MESSAGES = {
  notFound: "That affiliate no longer exists.",
  moveRefused: (status: AffiliateStatus, move: AffiliateStatusMove) =>
    `This affiliate is ${AFFILIATE_STATUS_LABELS[status].toLowerCase()} now, so they cannot be ${AFFILIATE_MOVE_LABELS[move].done}. Reload the page to see what they can be.`,
  codeTaken:
    "Another affiliate has or had this code, and links with it credit them. Choose another.",
  emailTaken: "There is already an affiliate with this e-mail address.",
  noLinkUnlessApproved:
    "A password link is only for an approved affiliate: this one cannot sign in to the portal now. Reload the page to see their status.",
} as const;

type AdminField = "form" | "reason" | "code" | "email";

/** What a change answers: done (or nothing to do), or why not, by field. */
export type AffiliateAdminOutcome =
  { ok: true; changed: boolean } | { ok: false; errors: Partial<Record<AdminField, string>> };

const refused = (errors: Partial<Record<AdminField, string>>) => ({ ok: false as const, errors });
const NOT_FOUND = refused({ form: AFFILIATE_ADMIN_MESSAGES.notFound });

/** The deps a call made inside `tx` needs: the same services on the transaction's connection. */
const withinTransaction = <Deps extends Pick<AffiliateAuthDeps, "database">>(
  deps: Deps,
  tx: Transaction,
): Deps => ({ ...deps, database: { ...deps.database, db: tx.db } });

// ---------------------------------------------------------------------------------------
// The list: its filter in the URL, its pages and each affiliate's figures.

/** Affiliates per page of the list. */
export const AFFILIATES_PAGE_SIZE = 25;

const affiliateFilterFields = {
  q: searchFilter,
  status: optionalFilter(z.enum(AFFILIATE_STATUSES, { error: "Choose a status from the list" })),
  sort: optionalFilter(z.enum(AFFILIATE_SORTS, { error: "Choose a sort from the list" })),
  page: optionalFilter(z.coerce.number().int().positive().max(100_000)),
};
type FilterKey = keyof typeof affiliateFilterFields;
const FILTER_KEYS = Object.keys(affiliateFilterFields) as FilterKey[];

export interface AffiliateFilter {
  /** Part of a name, e-mail address, company or code (current or earlier). */
  q?: string;
  status?: AffiliateStatus;
  sort?: AffiliateSort;
  page?: number;
}

/**
 * The filter in a query string. Each field counts on its own: one that does not read is
 * left out (and explained), the others still apply. `typed` is what was typed.
 */
export function parseAffiliateFilter(params: URLSearchParams): {
  filter: AffiliateFilter;
  errors: Partial<Record<FilterKey, string>>;
  typed: Record<FilterKey, string>;
} {
  const typed = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, params.get(key) ?? ""]),
  ) as Record<FilterKey, string>;
  const filter: Record<string, unknown> = {};
  const errors: Partial<Record<FilterKey, string>> = {};
  for (const key of FILTER_KEYS) {
    const result = affiliateFilterFields[key].safeParse(typed[key]);
    if (!result.success) errors[key] = result.error.issues[0]?.message ?? "Not understood";
    else if (result.data !== undefined) filter[key] = result.data;
  }
  // A page past the end shows the last one; it needs no message.
  delete errors.page;
  return { filter: filter as AffiliateFilter, errors, typed };
}

/** The filter as a query string (stable order), for links that keep it. */
export function affiliateFilterQuery(
  filter: AffiliateFilter,
  extra: Record<string, string> = {},
): string {
  return filterQueryString(FILTER_KEYS, { ...filter, page: undefined }, extra);
}

/** Clicks, leads and won leads per affiliate, as subqueries to join. */
function figureSubqueries(db: Database) {
  const clickCounts = db
    .select({ affiliateId: referralClicks.affiliateId, clicks: count().as("clicks") })
    .from(referralClicks)
    .where(isNotNull(referralClicks.affiliateId))
    .groupBy(referralClicks.affiliateId)
    .as("click_counts");
  const leadCounts = db
    .select({
      affiliateId: leads.affiliateId,
      leads: count().as("lead_count"),
      won: sql<number>`count(*) filter (where ${leads.status} = 'won')`.as("won_count"),
    })
    .from(leads)
    .where(isNotNull(leads.affiliateId))
    .groupBy(leads.affiliateId)
    .as("lead_counts");
  const clicks = sql<number>`coalesce(${clickCounts.clicks}, 0)`.mapWith(Number);
  const leadTotal = sql<number>`coalesce(${leadCounts.leads}, 0)`.mapWith(Number);
  const won = sql<number>`coalesce(${leadCounts.won}, 0)`.mapWith(Number);
  /** Won leads over leads; null without leads (nothing to convert). */
  const conversion = sql<
    number | null
  >`(${leadCounts.won}::float8 / nullif(${leadCounts.leads}, 0))`.mapWith((value) =>
    value === null ? null : Number(value),
  );
  return { clickCounts, leadCounts, clicks, leadTotal, won, conversion };
}

function sortOrder(
  sort: AffiliateSort | undefined,
  figures: ReturnType<typeof figureSubqueries>,
): SQL[] {
  switch (sort) {
    case "name":
      return [asc(sql`lower(${affiliates.name})`), asc(affiliates.id)];
    case "leads":
      return [desc(figures.leadTotal), desc(affiliates.createdAt), desc(affiliates.id)];
    case "clicks":
      return [desc(figures.clicks), desc(affiliates.createdAt), desc(affiliates.id)];
    case "conversion":
      return [
        sql`${figures.conversion} desc nulls last`,
        desc(figures.leadTotal),
        desc(affiliates.id),
      ];
    default:
      return [desc(affiliates.createdAt), desc(affiliates.id)];
  }
}

function filterConditions(filter: AffiliateFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(affiliates.status, filter.status));
  if (filter.q) {
    const pattern = likePattern(filter.q);
    conditions.push(sql`(${affiliates.name} ilike ${pattern}
      or ${affiliates.email} ilike ${pattern}
      or ${affiliates.company} ilike ${pattern}
      or exists (select 1 from ${affiliateCodes} as earlier
        where earlier.affiliate_id = ${affiliates}.id and earlier.code ilike ${pattern}))`);
  }
  return conditions;
}

export interface AffiliateFigures {
  clicks: number;
  leads: number;
  won: number;
  /** Won leads over leads (0 to 1); null when there are no leads. */
  conversion: number | null;
}

export interface AffiliateListItem extends AffiliateFigures {
  id: string;
  name: string;
  email: string;
  company: string | null;
  code: string;
  status: AffiliateStatus;
  createdAt: Date;
  lastLoginAt: Date | null;
}

export interface AffiliatePage {
  affiliates: AffiliateListItem[];
  total: number;
  page: number;
  pageCount: number;
  /** Applications waiting for review, whatever the filter. */
  pendingCount: number;
}

/** One page of the list, with each affiliate's clicks, leads, won leads and conversion. */
export async function listAffiliates(
  db: Database,
  filter: AffiliateFilter,
  limit = AFFILIATES_PAGE_SIZE,
): Promise<AffiliatePage> {
  const conditions = filterConditions(filter);
  const where = conditions.length ? and(...conditions) : undefined;
  const [[totalRow], [pendingRow]] = await Promise.all([
    db.select({ n: count() }).from(affiliates).where(where),
    db.select({ n: count() }).from(affiliates).where(eq(affiliates.status, "pending")),
  ]);
  const total = Number(totalRow?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / limit));
  const page = Math.min(filter.page ?? 1, pageCount);
  const figures = figureSubqueries(db);
  const rows = await db
    .select({
      id: affiliates.id,
      name: affiliates.name,
      email: affiliates.email,
      company: affiliates.company,
      code: affiliates.code,
      status: affiliates.status,
      createdAt: affiliates.createdAt,
      lastLoginAt: affiliates.lastLoginAt,
      clicks: figures.clicks,
      leads: figures.leadTotal,
      won: figures.won,
      conversion: figures.conversion,
    })
    .from(affiliates)
    .leftJoin(figures.clickCounts, eq(figures.clickCounts.affiliateId, affiliates.id))
    .leftJoin(figures.leadCounts, eq(figures.leadCounts.affiliateId, affiliates.id))
    .where(where)
    .orderBy(...sortOrder(filter.sort, figures))
    .limit(limit)
    .offset((page - 1) * limit);
  return { affiliates: rows, total, page, pageCount, pendingCount: Number(pendingRow?.n ?? 0) };
}

// ---------------------------------------------------------------------------------------
// One affiliate's record.

/** Whether the affiliate (the row of `affiliates` in the query) has chosen a password. */
const hasPassword = () =>
  // Spelled out in full: in a query on one table, Drizzle leaves column names unqualified.
  sql<boolean>`exists (select 1 from ${affiliateAccounts} as credential
    where credential.user_id = ${affiliates}.id
    and credential.provider_id = 'credential'
    and credential.password is not null)`.mapWith(Boolean);

/** How many of their leads, clicks and events the page shows (newest first). */
export const DETAIL_LEADS_SHOWN = 100;
export const DETAIL_CLICKS_SHOWN = 50;
export const DETAIL_EVENTS_SHOWN = 50;

export interface AffiliateDetail {
  affiliate: {
    id: string;
    name: string;
    email: string;
    phone: string | null;
    company: string | null;
    howTheyKnow: string | null;
    payoutDetails: string | null;
    code: string;
    status: AffiliateStatus;
    statusReason: string | null;
    createdAt: Date;
    updatedAt: Date;
    approvedAt: Date | null;
    lastLoginAt: Date | null;
    twoFactorEnabled: boolean;
    /** They have chosen a password (after applying, or from an invitation's link). */
    hasPassword: boolean;
  };
  /** Codes they had before the current one, newest first: links with them still credit them. */
  earlierCodes: { code: string; createdAt: Date }[];
  figures: AffiliateFigures & { selfReferrals: number };
  leads: {
    id: string;
    firstName: string;
    lastName: string;
    createdAt: Date;
    status: LeadStatus;
    selfReferral: boolean;
    affiliateCode: string | null;
  }[];
  clicks: { id: number; createdAt: Date; landingPath: string; code: string }[];
  events: { id: number; eventType: string; details: Record<string, unknown>; createdAt: Date }[];
}

/** The affiliate's page: profile, status, codes, sign-in, leads, clicks and events. */
export async function affiliateDetail(
  db: Database,
  affiliateId: string,
): Promise<AffiliateDetail | undefined> {
  if (!isUuid(affiliateId)) return undefined;
  const [row] = await db
    .select({
      id: affiliates.id,
      name: affiliates.name,
      email: affiliates.email,
      phone: affiliates.phone,
      company: affiliates.company,
      howTheyKnow: affiliates.howTheyKnow,
      payoutDetails: affiliates.payoutDetails,
      code: affiliates.code,
      status: affiliates.status,
      statusReason: affiliates.statusReason,
      createdAt: affiliates.createdAt,
      updatedAt: affiliates.updatedAt,
      approvedAt: affiliates.approvedAt,
      lastLoginAt: affiliates.lastLoginAt,
      twoFactorEnabled: affiliateUsers.twoFactorEnabled,
      hasPassword: hasPassword(),
    })
    .from(affiliates)
    .innerJoin(affiliateUsers, eq(affiliateUsers.id, affiliates.id))
    .where(eq(affiliates.id, affiliateId));
  if (!row) return undefined;

  const [codes, [leadFigures], [clickFigures], leadRows, clickRows, eventRows] = await Promise.all([
    db
      .select({ code: affiliateCodes.code, createdAt: affiliateCodes.createdAt })
      .from(affiliateCodes)
      .where(eq(affiliateCodes.affiliateId, affiliateId))
      .orderBy(desc(affiliateCodes.createdAt)),
    db
      .select({
        leads: count(),
        won: sql<number>`count(*) filter (where ${leads.status} = 'won')`.mapWith(Number),
        selfReferrals: sql<number>`count(*) filter (where ${leads.selfReferral})`.mapWith(Number),
      })
      .from(leads)
      .where(eq(leads.affiliateId, affiliateId)),
    db
      .select({ clicks: count() })
      .from(referralClicks)
      .where(eq(referralClicks.affiliateId, affiliateId)),
    db
      .select({
        id: leads.id,
        firstName: leads.firstName,
        lastName: leads.lastName,
        createdAt: leads.createdAt,
        status: leads.status,
        selfReferral: leads.selfReferral,
        affiliateCode: leads.affiliateCode,
      })
      .from(leads)
      .where(eq(leads.affiliateId, affiliateId))
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(DETAIL_LEADS_SHOWN),
    db
      .select({
        id: referralClicks.id,
        createdAt: referralClicks.createdAt,
        landingPath: referralClicks.landingPath,
        code: referralClicks.code,
      })
      .from(referralClicks)
      .where(eq(referralClicks.affiliateId, affiliateId))
      .orderBy(desc(referralClicks.createdAt), desc(referralClicks.id))
      .limit(DETAIL_CLICKS_SHOWN),
    db
      .select({
        id: affiliateEvents.id,
        eventType: affiliateEvents.eventType,
        details: affiliateEvents.details,
        createdAt: affiliateEvents.createdAt,
      })
      .from(affiliateEvents)
      .where(eq(affiliateEvents.affiliateId, affiliateId))
      .orderBy(desc(affiliateEvents.createdAt), desc(affiliateEvents.id))
      .limit(DETAIL_EVENTS_SHOWN),
  ]);
  const leadCount = Number(leadFigures?.leads ?? 0);
  const won = Number(leadFigures?.won ?? 0);
  return {
    affiliate: {
      ...row,
      twoFactorEnabled: Boolean(row.twoFactorEnabled),
      hasPassword: Boolean(row.hasPassword),
    },
    earlierCodes: codes.filter((entry) => entry.code.toLowerCase() !== row.code.toLowerCase()),
    figures: {
      clicks: Number(clickFigures?.clicks ?? 0),
      leads: leadCount,
      won,
      conversion: leadCount > 0 ? won / leadCount : null,
      selfReferrals: Number(leadFigures?.selfReferrals ?? 0),
    },
    leads: leadRows,
    clicks: clickRows,
    events: eventRows,
  };
}

// ---------------------------------------------------------------------------------------
// Changes.

/** The affiliate's row, locked for the rest of the transaction. */
async function lockAffiliate(tx: Transaction, affiliateId: string) {
  if (!isUuid(affiliateId)) return undefined;
  const [row] = await tx.db
    .select({
      id: affiliates.id,
      name: affiliates.name,
      email: affiliates.email,
      code: affiliates.code,
      status: affiliates.status,
    })
    .from(affiliates)
    .where(eq(affiliates.id, affiliateId))
    .for("update");
  return row;
}

/** What the affiliate is told when an admin approves or rejects their application. */
function statusMail(
  publicUrl: URL,
  affiliate: { name: string; email: string; code: string },
  move: AffiliateStatusMove,
  reason: string | null,
): OutgoingMail | undefined {
  const greeting = `Hello ${affiliate.name},`;
  if (move === "approve") {
    return {
      kind: "affiliate.approved",
      to: [affiliate.email],
      subject: "Your partner application is approved",
      text: [
        greeting,
        "",
        "Your application to our referral partner programme is approved. Sign in to the partner portal to find your referral links and follow your leads:",
        "",
        new URL("/affiliate/login", publicUrl.origin).toString(),
        "",
        `Your referral code is ${affiliate.code}.`,
      ].join("\n"),
    };
  }
  if (move === "reject") {
    return {
      kind: "affiliate.rejected",
      to: [affiliate.email],
      subject: "About your partner application",
      text: [
        greeting,
        "",
        "Thank you for applying to our referral partner programme. We are not able to approve your application.",
        "",
        `The reason: ${reason ?? ""}`,
        "",
        "If you have questions, please contact us.",
      ].join("\n"),
    };
  }
  return undefined;
}

/**
 * Moves an affiliate's status (approve, reject, disable, re-enable) when the move applies
 * to where they are now. Rejecting and disabling need a reason and end their sessions at
 * once; approving and rejecting mail them, in the same transaction as the change.
 */
export async function changeAffiliateStatus(
  deps: Pick<AffiliateAuthDeps, "database" | "boss" | "config">,
  actor: Actor,
  input: { affiliateId: string; move: AffiliateStatusMove; reason?: string | null },
  now = new Date(),
): Promise<AffiliateAdminOutcome & { status?: AffiliateStatus }> {
  const { affiliateId, move } = input;
  const reason = input.reason?.trim() || null;
  if ((MOVES_NEEDING_A_REASON as readonly string[]).includes(move) && !reason) {
    return refused({ reason: AFFILIATE_FORM_MESSAGES.reason });
  }
  return deps.database.transaction(async (tx) => {
    const target = await lockAffiliate(tx, affiliateId);
    if (!target) return NOT_FOUND;
    const to = statusAfter(target.status, move);
    if (!to) return refused({ form: AFFILIATE_ADMIN_MESSAGES.moveRefused(target.status, move) });
    await tx.db
      .update(affiliates)
      .set({
        status: to,
        statusReason: reason,
        updatedAt: now,
        ...(move === "approve" ? { approvedAt: now } : {}),
      })
      .where(eq(affiliates.id, affiliateId));
    // Out of the programme: signed out everywhere now, not at their next page.
    if (move === "reject" || move === "disable") {
      await endAffiliateSessions(withinTransaction(deps, tx), affiliateId);
    }
    await recordAffiliateEvent(tx.db, {
      affiliateId,
      eventType: "status_changed",
      details: { from: target.status, to, reason },
      at: now,
    });
    const mail = statusMail(deps.config.publicUrl, target, move, reason);
    if (mail) await enqueueMail(tx, deps.boss, mail);
    await recordAudit(tx.db, actor, {
      action: "affiliate.status",
      target: `affiliate:${affiliateId}`,
      details: { email: target.email, from: target.status, to, reason },
      at: now,
    });
    return { ok: true, changed: true, status: to };
  });
}

/**
 * Gives an affiliate a new code for their links (R5.1). Their old codes stay theirs and
 * keep crediting them; a code any other affiliate has or had is refused, whatever its
 * case. One of their own earlier codes may be taken up again.
 */
export async function changeAffiliateCode(
  deps: Pick<AffiliateAuthDeps, "database">,
  actor: Actor,
  input: { affiliateId: string; code: string },
  now = new Date(),
): Promise<AffiliateAdminOutcome> {
  const code = input.code.trim();
  if (!isValidAffiliateCode(code)) return refused({ code: AFFILIATE_FORM_MESSAGES.code });
  try {
    return await deps.database.transaction(async (tx): Promise<AffiliateAdminOutcome> => {
      const target = await lockAffiliate(tx, input.affiliateId);
      if (!target) return NOT_FOUND;
      if (target.code === code) return { ok: true, changed: false };
      const holder = await findAffiliateByCode(tx.db, code);
      if (holder && holder.id !== target.id) {
        return refused({ code: AFFILIATE_ADMIN_MESSAGES.codeTaken });
      }
      if (holder) {
        // One of their own codes: kept as it is spelled now.
        await tx.db
          .update(affiliateCodes)
          .set({ code })
          .where(
            and(
              eq(affiliateCodes.affiliateId, target.id),
              sql`lower(${affiliateCodes.code}) = lower(${code})`,
            ),
          );
      } else {
        await tx.db.insert(affiliateCodes).values({ code, affiliateId: target.id, createdAt: now });
      }
      await tx.db
        .update(affiliates)
        .set({ code, updatedAt: now })
        .where(eq(affiliates.id, target.id));
      await recordAffiliateEvent(tx.db, {
        affiliateId: target.id,
        eventType: "code_changed",
        details: { from: target.code, to: code },
        at: now,
      });
      await recordAudit(tx.db, actor, {
        action: "affiliate.code",
        target: `affiliate:${target.id}`,
        details: { email: target.email, from: target.code, to: code },
        at: now,
      });
      return { ok: true, changed: true };
    });
  } catch (error) {
    // Given to another affiliate a moment ago.
    if (isUniqueViolation(error)) return refused({ code: AFFILIATE_ADMIN_MESSAGES.codeTaken });
    throw error;
  }
}

/**
 * Removes an affiliate's authenticator (a lost phone): they sign in with their password
 * alone and can set up a new one; their sessions end at once.
 */
export async function resetAffiliateTwoFactor(
  deps: Pick<AffiliateAuthDeps, "database">,
  actor: Actor,
  affiliateId: string,
  now = new Date(),
): Promise<AffiliateAdminOutcome> {
  return deps.database.transaction(async (tx) => {
    const target = await lockAffiliate(tx, affiliateId);
    if (!target) return NOT_FOUND;
    const [account] = await tx.db
      .select({ twoFactorEnabled: affiliateUsers.twoFactorEnabled })
      .from(affiliateUsers)
      .where(eq(affiliateUsers.id, affiliateId));
    const removed = await tx.db
      .delete(affiliateTwoFactors)
      .where(eq(affiliateTwoFactors.userId, affiliateId))
      .returning({ id: affiliateTwoFactors.id });
    if (!account?.twoFactorEnabled && removed.length === 0) return { ok: true, changed: false };
    await tx.db
      .update(affiliateUsers)
      .set({ twoFactorEnabled: false, updatedAt: now })
      .where(eq(affiliateUsers.id, affiliateId));
    await endAffiliateSessions(withinTransaction(deps, tx), affiliateId);
    await recordAffiliateEvent(tx.db, {
      affiliateId,
      eventType: "two_factor_reset",
      details: { authenticatorsRemoved: removed.length },
      at: now,
    });
    await recordAudit(tx.db, actor, {
      action: "affiliate.two_factor_reset",
      target: `affiliate:${affiliateId}`,
      details: {
        email: target.email,
        changes: [
          { field: "twoFactorEnabled", from: Boolean(account?.twoFactorEnabled), to: false },
        ],
      },
      at: now,
    });
    return { ok: true, changed: true };
  });
}

export type InviteAffiliateOutcome =
  | { ok: true; affiliateId: string; email: string; code: string; link: string | undefined }
  | { ok: false; errors: Partial<Record<AdminField, string>> };

/** How many made-up codes are tried before giving up (each is free but for bad luck). */
const SUGGESTION_ATTEMPTS = 5;

const emailHasAccount = async (db: Database, email: string) =>
  (
    await db
      .select({ id: affiliateUsers.id })
      .from(affiliateUsers)
      .where(eq(affiliateUsers.email, email))
  ).length > 0;

/**
 * An admin brings in an affiliate directly: approved at once, with no password; an
 * e-mail with a link to choose one (valid a day) lands on the portal's reset page. The
 * link is answered too, for the admin to pass on when the server sends no mail.
 */
export async function inviteAffiliate(
  deps: AffiliateAuthDeps,
  actor: Actor,
  invite: Pick<AffiliateInvite, "name" | "email" | "phone" | "company" | "code">,
  now = new Date(),
): Promise<InviteAffiliateOutcome> {
  const db = deps.database.db;
  const email = invite.email.trim().toLowerCase();
  const name = invite.name.trim();
  const chosenCode = invite.code?.trim() || undefined;
  if (chosenCode !== undefined && !isValidAffiliateCode(chosenCode)) {
    return refused({ code: AFFILIATE_FORM_MESSAGES.code });
  }
  if (await emailHasAccount(db, email)) {
    return refused({ email: AFFILIATE_ADMIN_MESSAGES.emailTaken });
  }

  for (let attempt = 0; attempt < SUGGESTION_ATTEMPTS; attempt++) {
    const code = chosenCode ?? suggestAffiliateCode(name);
    let affiliateId: string | undefined;
    try {
      affiliateId = await deps.database.transaction(async (tx) => {
        const id = await insertAffiliate(tx.db, {
          name,
          email,
          code,
          status: "approved",
          phone: invite.phone || null,
          company: invite.company || null,
          now,
        });
        if (!id) return undefined;
        await recordAffiliateEvent(tx.db, {
          affiliateId: id,
          eventType: "invited",
          details: { code },
          at: now,
        });
        await recordAudit(tx.db, actor, {
          action: "affiliate.invite",
          target: `affiliate:${id}`,
          details: { email, name, code },
          at: now,
        });
        return id;
      });
    } catch (error) {
      // The e-mail or the code was taken by another request a moment ago.
      if (!isUniqueViolation(error)) throw error;
    }
    if (affiliateId) {
      const link = await sendPasswordLink(deps, email, "invitation");
      return { ok: true, affiliateId, email, code, link };
    }
    if (await emailHasAccount(db, email)) {
      return refused({ email: AFFILIATE_ADMIN_MESSAGES.emailTaken });
    }
    if (chosenCode !== undefined) return refused({ code: AFFILIATE_ADMIN_MESSAGES.codeTaken });
  }
  return refused({ code: AFFILIATE_ADMIN_MESSAGES.codeTaken });
}

/** Which e-mail a password link went out in: an invitation, or a password reset. */
export type PasswordLinkPurpose = "invitation" | "reset";

/**
 * Mails an approved affiliate a new password link, as the staff screen does for a member:
 * worded as an invitation while they have not chosen a password yet (the last link may
 * have expired or gone astray), as a password reset once they have (they cannot get back
 * in and no mail reaches them from the sign-in page). Answers the link too, for the admin
 * to pass on when the server sends no mail. A pending, rejected or disabled affiliate
 * gets none: they could not sign in with it.
 */
export async function sendAffiliatePasswordLink(
  deps: AffiliateAuthDeps,
  actor: Actor,
  affiliateId: string,
  now = new Date(),
): Promise<
  | {
      ok: true;
      changed: true;
      email: string;
      purpose: PasswordLinkPurpose;
      link: string | undefined;
    }
  | AffiliateAdminOutcome
> {
  const db = deps.database.db;
  if (!isUuid(affiliateId)) return NOT_FOUND;
  const [target] = await db
    .select({ email: affiliates.email, status: affiliates.status, hasPassword: hasPassword() })
    .from(affiliates)
    .where(eq(affiliates.id, affiliateId));
  if (!target) return NOT_FOUND;
  if (target.status !== "approved") {
    return refused({ form: AFFILIATE_ADMIN_MESSAGES.noLinkUnlessApproved });
  }
  const purpose: PasswordLinkPurpose = target.hasPassword ? "reset" : "invitation";
  const link = await sendPasswordLink(deps, target.email, purpose);
  await deps.database.transaction(async (tx) => {
    await recordAffiliateEvent(
      tx.db,
      purpose === "invitation"
        ? { affiliateId, eventType: "invited", details: { again: true }, at: now }
        : {
            affiliateId,
            eventType: "password_reset_requested",
            details: { email: target.email, by: "admin" },
            at: now,
          },
    );
    await recordAudit(tx.db, actor, {
      action: "affiliate.password_link",
      target: `affiliate:${affiliateId}`,
      details: { email: target.email, purpose },
      at: now,
    });
  });
  return { ok: true, changed: true, email: target.email, purpose, link };
}

/** The set-password e-mail, worded for `purpose`; its link, for the admin's screen. */
function sendPasswordLink(deps: AffiliateAuthDeps, email: string, purpose: PasswordLinkPurpose) {
  return sendingPasswordLink(purpose, () =>
    getAffiliateAuth(deps).api.requestPasswordReset({
      body: { email, redirectTo: AFFILIATE_RESET_PATH },
    }),
  );
}
