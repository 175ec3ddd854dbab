import { and, desc, eq, ne } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  affiliates,
  commissions,
  companySettings,
  leads,
  payouts,
  type PayoutMethod,
} from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import { centsToDollars, CSV_BOM, csvLine } from "~/modules/leads/lead-csv";
import { companyDay, shortDate } from "~/modules/platform/calendar-day";
import { maskedLeadName } from "./affiliate-rules";
import type { CommissionStatus } from "./commission-rules";
import { formatUsd } from "./statement-format";
import type { StatementPeriod } from "./statement.schema";

/**
 * An affiliate's statement (docs/REQUIREMENTS.md D8, R13.7): their ledger of what they
 * earned and what they were paid, for the portal's statement page and the CSV exports.
 *
 * What is on it:
 * - every commission and adjustment line that counts: pending, approved or paid. A void
 *   line is left out: it never earned anything, so it has no effect on any balance (the
 *   portal's leads list shows a voided commission with its reason);
 * - every recorded payout, as a negative line; a voided payout is left out, since voiding
 *   it returned its commissions to approved.
 *
 * The balance: the running balance of a line is the sum of every earlier line's amount
 * (commissions and adjustments positive or negative, payouts negative). At the end of the
 * ledger it is therefore
 *   balance = sum of all non-void commission and adjustment lines - sum of recorded payouts.
 * A recorded payout settles exactly the commissions it marks paid, so the paid lines add up
 * to the recorded payouts and the balance is what was earned and not yet paid:
 *   balance = pending + approved   (equivalently: pending + approved + paid lines - paid).
 */

export type StatementLineType = "commission" | "adjustment" | "payout";

export interface StatementLine {
  /** A calendar day, company time: "2026-11-23". */
  date: string;
  type: StatementLineType;
  description: string;
  /** Commissions and adjustments as earned (an adjustment may be negative); payouts negative. */
  amountCents: number;
  /** The balance after this line, including every line before the period. */
  balanceCents: number;
  /** A commission's or adjustment's status; a payout is "recorded". */
  status: CommissionStatus | "recorded";
}

export interface StatementTotals {
  /** Lines still in their hold. */
  pendingCents: number;
  /** Lines owed now: approved commissions and approved adjustments. */
  approvedCents: number;
  /** Recorded payouts. */
  paidCents: number;
  /** Earned and not yet paid: the last line's running balance (see above). */
  balanceCents: number;
}

export interface AffiliateStatement {
  period: StatementPeriod;
  /** The balance before the period's first day (0 without a start). */
  openingBalanceCents: number;
  lines: StatementLine[];
  /**
   * Pending, approved and paid are the period's lines; the balance is the closing one:
   * opening balance + the period's lines.
   */
  totals: StatementTotals;
}

const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  check: "check",
  bank_transfer: "bank transfer",
  other: "other means",
};

export const payoutMethodLabel = (method: PayoutMethod): string =>
  PAYOUT_METHOD_LABELS[method] ?? method;

interface LedgerEntry extends Omit<StatementLine, "balanceCents"> {
  affiliateId: string;
  /** Orders the lines of one day: earnings before payouts, then by when they were made. */
  order: number;
  at: number;
}

/** A commission's status in words for its description. */
function statusWords(status: CommissionStatus, holdEndsAt: Date | null): string {
  if (status === "pending") {
    return holdEndsAt ? `pending until ${shortDate(companyDay(holdEndsAt))}` : "pending";
  }
  return status;
}

/** Every counting line of the affiliate (or of every affiliate), unsorted. */
async function ledgerEntries(db: Database, affiliateId?: string): Promise<LedgerEntry[]> {
  const [earned, paid] = await Promise.all([
    db
      .select({
        affiliateId: commissions.affiliateId,
        kind: commissions.kind,
        status: commissions.status,
        amountCents: commissions.amountCents,
        jobValueCents: commissions.jobValueCents,
        wonAt: commissions.wonAt,
        holdEndsAt: commissions.holdEndsAt,
        note: commissions.note,
        createdAt: commissions.createdAt,
        firstName: leads.firstName,
        lastName: leads.lastName,
      })
      .from(commissions)
      .leftJoin(leads, eq(leads.id, commissions.leadId))
      .where(
        and(
          affiliateId ? eq(commissions.affiliateId, affiliateId) : undefined,
          ne(commissions.status, "void"),
        ),
      ),
    db
      .select()
      .from(payouts)
      .where(
        and(
          affiliateId ? eq(payouts.affiliateId, affiliateId) : undefined,
          eq(payouts.status, "recorded"),
        ),
      ),
  ]);

  const entries: LedgerEntry[] = earned.map((row) => {
    const lead =
      row.firstName !== null ? maskedLeadName(row.firstName, row.lastName ?? "") : "a lead";
    const at = row.kind === "commission" ? (row.wonAt ?? row.createdAt) : row.createdAt;
    const description =
      row.kind === "commission"
        ? `Commission for ${lead}` +
          (row.jobValueCents !== null ? `, job ${formatUsd(row.jobValueCents)}` : "") +
          `, ${statusWords(row.status, row.holdEndsAt)}`
        : `Adjustment for ${lead}` +
          (row.note ? `: ${row.note}` : "") +
          `, ${statusWords(row.status, row.holdEndsAt)}`;
    return {
      affiliateId: row.affiliateId,
      date: companyDay(at),
      type: row.kind,
      description,
      amountCents: row.amountCents,
      status: row.status,
      order: 0,
      at: at.getTime(),
    };
  });
  for (const payout of paid) {
    entries.push({
      affiliateId: payout.affiliateId,
      date: payout.paidOn,
      type: "payout",
      description:
        `Payout by ${payoutMethodLabel(payout.method)}` +
        (payout.reference ? `, reference ${payout.reference}` : ""),
      amountCents: -payout.amountCents,
      status: "recorded",
      order: 1,
      at: payout.createdAt.getTime(),
    });
  }
  return entries;
}

const byDate = (a: LedgerEntry, b: LedgerEntry) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order || a.at - b.at;

/** One affiliate's entries (sorted) as a statement for the period. */
function statementOf(entries: LedgerEntry[], period: StatementPeriod): AffiliateStatement {
  const sorted = [...entries].sort(byDate);
  let balance = 0;
  let opening = 0;
  const lines: StatementLine[] = [];
  const totals = { pendingCents: 0, approvedCents: 0, paidCents: 0 };
  for (const entry of sorted) {
    if (period.to && entry.date > period.to) break;
    balance += entry.amountCents;
    if (period.from && entry.date < period.from) {
      opening = balance;
      continue;
    }
    if (entry.status === "pending") totals.pendingCents += entry.amountCents;
    else if (entry.status === "approved") totals.approvedCents += entry.amountCents;
    else if (entry.status === "recorded") totals.paidCents -= entry.amountCents;
    lines.push({
      date: entry.date,
      type: entry.type,
      description: entry.description,
      amountCents: entry.amountCents,
      balanceCents: balance,
      status: entry.status,
    });
  }
  return {
    period,
    openingBalanceCents: opening,
    lines,
    totals: { ...totals, balanceCents: balance },
  };
}

/**
 * The affiliate's statement for the period (every line without one). The id is always the
 * signed-in affiliate's in the portal, never one from the request.
 */
export async function affiliateStatement(
  db: Database,
  affiliateId: string,
  period: StatementPeriod = {},
): Promise<AffiliateStatement> {
  return statementOf(await ledgerEntries(db, affiliateId), period);
}

/* CSV ------------------------------------------------------------------------------------ */

/** Fixed columns: spreadsheets built on the file rely on these headings. */
export const STATEMENT_CSV_HEADER = [
  "Date",
  "Affiliate",
  "Code",
  "Type",
  "Description",
  "Amount (USD)",
  "Balance (USD)",
] as const;

const TYPE_LABELS: Record<StatementLineType, string> = {
  commission: "Commission",
  adjustment: "Adjustment",
  payout: "Payout",
};

/** A statement's lines as CSV rows (dollars as 1234.56, spreadsheets' formulas defused). */
export function statementCsvRows(
  affiliate: { name: string; code: string },
  lines: readonly StatementLine[],
): string {
  return lines
    .map((line) =>
      csvLine([
        line.date,
        affiliate.name,
        affiliate.code,
        TYPE_LABELS[line.type],
        line.description,
        centsToDollars(line.amountCents),
        centsToDollars(line.balanceCents),
      ]),
    )
    .join("");
}

export interface StatementsCsvFilter extends StatementPeriod {
  /** One affiliate, or every affiliate with a line when absent. */
  affiliateId?: string;
}

/**
 * The statements of one affiliate or of all, as one CSV (R13.8): each affiliate's lines in
 * date order with their own running balance, affiliates by name. Returns the line count too.
 */
export async function statementsCsv(
  db: Database,
  filter: StatementsCsvFilter,
): Promise<{ csv: string; rows: number }> {
  const [entries, people] = await Promise.all([
    ledgerEntries(db, filter.affiliateId),
    db
      .select({ id: affiliates.id, name: affiliates.name, code: affiliates.code })
      .from(affiliates)
      .where(filter.affiliateId ? eq(affiliates.id, filter.affiliateId) : undefined),
  ]);
  const byAffiliate = new Map<string, LedgerEntry[]>();
  for (const entry of entries) {
    const list = byAffiliate.get(entry.affiliateId) ?? [];
    list.push(entry);
    byAffiliate.set(entry.affiliateId, list);
  }
  const period: StatementPeriod = { from: filter.from, to: filter.to };
  let csv = CSV_BOM + csvLine(STATEMENT_CSV_HEADER);
  let rows = 0;
  const ordered = [...people].sort(
    (a, b) => a.name.localeCompare(b.name, "en") || a.code.localeCompare(b.code, "en"),
  );
  for (const person of ordered) {
    const own = byAffiliate.get(person.id);
    if (!own) continue;
    const { lines } = statementOf(own, period);
    csv += statementCsvRows(person, lines);
    rows += lines.length;
  }
  return { csv, rows };
}

/** The admin's export: the CSV and its audit entry (the filter and the line count only). */
export async function exportStatements(
  db: Database,
  actor: Actor,
  filter: StatementsCsvFilter,
): Promise<{ csv: string; rows: number }> {
  const result = await statementsCsv(db, filter);
  await recordAudit(db, actor, {
    action: "affiliates.statements_export",
    target: filter.affiliateId ? `affiliate:${filter.affiliateId}` : "affiliates",
    details: { filter: { ...filter }, rows: result.rows },
  });
  return result;
}

/* The portal's earnings ------------------------------------------------------------------ */

export interface PortalEarnings {
  pendingCents: number;
  approvedCents: number;
  paidCents: number;
  minimumPayoutCents: number;
  /** Whether the approved total reaches the minimum payout. */
  reachesMinimum: boolean;
}

/**
 * The dashboard's earnings: every line to date (no period), and whether what is owed now
 * reaches the company's minimum payout (below it, it waits for the next payout run).
 */
export async function portalEarnings(db: Database, affiliateId: string): Promise<PortalEarnings> {
  const [{ totals }, [company]] = await Promise.all([
    affiliateStatement(db, affiliateId),
    db
      .select({ minimumPayoutCents: companySettings.minimumPayoutCents })
      .from(companySettings)
      .where(eq(companySettings.id, 1)),
  ]);
  const minimumPayoutCents = company?.minimumPayoutCents ?? 0;
  return {
    pendingCents: totals.pendingCents,
    approvedCents: totals.approvedCents,
    paidCents: totals.paidCents,
    minimumPayoutCents,
    reachesMinimum: totals.approvedCents > 0 && totals.approvedCents >= minimumPayoutCents,
  };
}

export interface PortalPayout {
  id: string;
  /** "2026-11-23". */
  paidOn: string;
  amountCents: number;
  method: string;
  reference: string | null;
}

/** The affiliate's recorded payouts, newest first (a voided payout is not a payment). */
export async function portalPayouts(db: Database, affiliateId: string): Promise<PortalPayout[]> {
  const rows = await db
    .select({
      id: payouts.id,
      paidOn: payouts.paidOn,
      amountCents: payouts.amountCents,
      method: payouts.method,
      reference: payouts.reference,
    })
    .from(payouts)
    .where(and(eq(payouts.affiliateId, affiliateId), eq(payouts.status, "recorded")))
    .orderBy(desc(payouts.paidOn), desc(payouts.createdAt));
  return rows.map((row) => ({ ...row, method: payoutMethodLabel(row.method) }));
}
