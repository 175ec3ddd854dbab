import { companyDay } from "~/modules/platform/calendar-day";
import { z } from "~/modules/platform/zod";
import { PAYOUT_METHODS } from "./commission-rules";

/**
 * What the payout screens send (docs/REQUIREMENTS.md D8), shared by the browser's checks and
 * the actions. Empty fields arrive as missing (Conform), so each required field's message
 * covers both.
 */

const NOT_UNDERSTOOD = "That request was not understood. Load the page again.";
const id = z.uuid({ error: NOT_UNDERSTOOD });
/** One checkbox sends a string, several an array. */
const ids = (message: string) =>
  z
    .union([z.array(id), id.transform((one) => [one])], { error: message })
    .pipe(z.array(id).min(1, message));

const paymentFields = {
  /** The form's one-time key (made when the page was served): a double submit is one payout. */
  requestKey: z.string({ error: NOT_UNDERSTOOD }).min(16, NOT_UNDERSTOOD).max(100, NOT_UNDERSTOOD),
  method: z.enum(PAYOUT_METHODS, { error: "Choose how it was paid." }),
  reference: z
    .string()
    .trim()
    .max(120, "Keep it to 120 characters or fewer.")
    .optional()
    .transform((value) => value ?? ""),
  paidOn: z
    .string({ error: "Enter the day it was paid." })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Enter the day it was paid.", abort: true })
    .refine(isCalendarDay, { error: "Enter the day it was paid.", abort: true })
    // A payout records money already paid: a day ahead (a slip of the year) would keep it
    // out of this month's figures and date the partner's statement in the future.
    .refine((day) => day <= companyDay(new Date()), "Enter today or a day before."),
};

/** "2026-02-30" has the pattern but is no day of the calendar. */
function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
}

export const recordPayoutSchema = z.object({
  intent: z.literal("record"),
  affiliateId: id,
  commissionIds: ids("Choose the commissions this payout settles."),
  ...paymentFields,
});

/** Several affiliates at once, each paid everything they are owed. */
export const recordPayoutsSchema = z.object({
  intent: z.literal("record-several"),
  affiliateIds: ids("Choose the affiliates to pay."),
  ...paymentFields,
});

export const paymentCommandSchema = z.discriminatedUnion("intent", [
  recordPayoutSchema,
  recordPayoutsSchema,
]);

export const voidPayoutSchema = z.object({
  intent: z.literal("void"),
  payoutId: id,
  reason: z
    .string({ error: "Say why the payout is void." })
    .trim()
    .min(1, "Say why the payout is void.")
    .max(500, "Keep it to 500 characters or fewer."),
});
