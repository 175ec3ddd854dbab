import { z } from "~/modules/platform/zod";
import type { LeadStatus } from "~/db/schema";
import { LEAD_STATUS_LABELS } from "./lead-status-labels";

/**
 * What the lead inbox's forms send (a lead's page and the spam folder), shared by the
 * browser's checks and the actions. The rules are functions too, so the modules check
 * direct callers with the very same words.
 */

/** leads.job_value_cents is a 4-byte integer. */
const MAX_JOB_VALUE_CENTS = 2_147_483_647;
export const MAX_NOTE_LENGTH = 5000;
export const MAX_LOST_REASON_LENGTH = 500;

const STATUS_MESSAGE = "Choose a status from the list";
const isLeadStatus = (value: string): value is LeadStatus =>
  Object.hasOwn(LEAD_STATUS_LABELS, value);

/** How `parseDollarsToCents` reads an amount other than a won job's value. */
export interface DollarsReading {
  /** What the amount is, as messages name it: "the job value". */
  label?: string;
  /** Zero is a valid amount (a minimum, a threshold). */
  allowZero?: boolean;
  /** A leading minus sign is read (a correction that takes money back). */
  allowNegative?: boolean;
}

/**
 * Dollars as staff type them ("12,500", "12500.50", "$12,500.00") in cents, without
 * floating point. By default a won job's value: above zero.
 */
export function parseDollarsToCents(
  raw: string,
  { label = "the job value", allowZero = false, allowNegative = false }: DollarsReading = {},
): { cents: number } | { error: string } {
  let text = raw.trim();
  const negative = allowNegative && /^(-\s*\$?|\$\s*-)/.test(text);
  if (negative) text = text.replace(/^(-\s*\$?|\$\s*-)\s*/, "");
  text = text.replace(/^\$\s*/, "");
  if (!text) return { error: `Enter ${label} in dollars` };
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(text)) {
    return { error: `Enter ${label} in dollars, like 12,500 or 12500.50` };
  }
  const [whole = "0", fraction = ""] = text.replace(/,/g, "").split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents) || cents > MAX_JOB_VALUE_CENTS) {
    const named = label.charAt(0).toUpperCase() + label.slice(1);
    return { error: `${named} can be at most $21,474,836.47` };
  }
  if (cents === 0 && !allowZero) {
    return {
      error:
        label === "the job value" && !allowNegative
          ? "A won job needs a value above $0"
          : `Enter ${label} other than $0`,
    };
  }
  return { cents: negative ? -cents : cents };
}

export interface StatusChangeInput {
  status: string;
  jobValue?: string;
  lostReason?: string;
}

export type StatusChangeErrors = Partial<Record<keyof StatusChangeInput, string>>;

export interface StatusChange {
  status: LeadStatus;
  /** Set for a won lead only. */
  jobValueCents: number | null;
  /** Set for a lost lead only, on one line. */
  lostReason: string | null;
}

/** The pipeline's rules: a won lead has a value, a lost one a reason. */
export function readStatusChange(
  input: StatusChangeInput,
): { ok: true; value: StatusChange } | { ok: false; errors: StatusChangeErrors } {
  const errors: StatusChangeErrors = {};
  const trimmed = input.status.trim();
  const status = isLeadStatus(trimmed) ? trimmed : undefined;
  if (!status) errors.status = STATUS_MESSAGE;

  let jobValueCents: number | null = null;
  if (status === "won") {
    const money = parseDollarsToCents(input.jobValue ?? "");
    if ("error" in money) errors.jobValue = money.error;
    else jobValueCents = money.cents;
  }
  const lostReason =
    status === "lost" ? (input.lostReason ?? "").trim().replace(/\s+/g, " ") : null;
  if (status === "lost") {
    if (!lostReason) errors.lostReason = "Say why the lead was lost";
    else if (lostReason.length > MAX_LOST_REASON_LENGTH) {
      errors.lostReason = `Keep the reason under ${MAX_LOST_REASON_LENGTH} characters`;
    }
  }
  if (!status || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { status, jobValueCents, lostReason } };
}

/** A note as it is kept: Windows line ends made plain, outer space trimmed. */
export function readNoteBody(
  raw: string,
): { ok: true; body: string } | { ok: false; error: string } {
  const body = raw.replace(/\r\n/g, "\n").trim();
  if (!body) return { ok: false, error: "Write the note first" };
  if (body.length > MAX_NOTE_LENGTH) {
    return {
      ok: false,
      error: `Keep a note under ${MAX_NOTE_LENGTH.toLocaleString("en-US")} characters`,
    };
  }
  return { ok: true, body };
}

export const leadStatusSchema = z
  .object({
    intent: z.literal("status"),
    status: z.string({ error: STATUS_MESSAGE }).max(100, STATUS_MESSAGE),
    jobValue: z.string().max(40).optional(),
    lostReason: z.string().max(2000).optional(),
  })
  .superRefine((input, ctx) => {
    const read = readStatusChange(input);
    if (read.ok) return;
    for (const [field, message] of Object.entries(read.errors)) {
      ctx.addIssue({ code: "custom", path: [field], message });
    }
  });

export const leadNoteSchema = z
  .object({
    intent: z.literal("note"),
    body: z.string({ error: "Write the note first" }).max(20_000),
  })
  .superRefine((input, ctx) => {
    const read = readNoteBody(input.body);
    if (!read.ok) ctx.addIssue({ code: "custom", path: ["body"], message: read.error });
  });

export const REPLAY_NOT_FOUND = "That delivery does not belong to this lead.";

export const deliveryReplaySchema = z.object({
  intent: z.literal("replay"),
  deliveryId: z.string({ error: REPLAY_NOT_FOUND }).max(100, REPLAY_NOT_FOUND),
});

/** Everything a lead's page posts: a status change, a note, a delivery sent again. */
export const leadCommandSchema = z.discriminatedUnion("intent", [
  leadStatusSchema,
  leadNoteSchema,
  deliveryReplaySchema,
]);

/** The spam folder's one button: "Not spam". */
export const spamCommandSchema = z.object({
  intent: z.literal("not_spam"),
  spamId: z.string({ error: "This entry no longer exists." }).max(100),
});
