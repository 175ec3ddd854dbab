import { z } from "~/modules/platform/zod";
import { normalizePhone } from "~/modules/leads/phone";
import { inviteeFields } from "~/modules/staff/staff.schema";
import { isValidAffiliateCode } from "./affiliate-code";
import { checkRule, dollars, OWN_RULE_NAMES, ownRuleFields } from "./commission-rule.schema";
import {
  AFFILIATE_STATUSES,
  type AffiliateStatus,
  type AffiliateStatusMove,
} from "./affiliate-rules";

/**
 * What the admin's affiliate screens send (docs/REQUIREMENTS.md R2.13), shared by the
 * browser's checks and the actions, and the words those screens use for the programme's
 * statuses and moves. Empty fields arrive as missing (Conform), so each required field's
 * message covers both.
 */

/** The list's orders; the first is the default. */
export const AFFILIATE_SORTS = ["newest", "name", "leads", "clicks", "conversion"] as const;
export type AffiliateSort = (typeof AFFILIATE_SORTS)[number];

export const AFFILIATE_SORT_LABELS: Record<AffiliateSort, string> = {
  newest: "Newest first",
  name: "Name (A to Z)",
  leads: "Most leads",
  clicks: "Most clicks",
  conversion: "Best conversion",
};

export const AFFILIATE_STATUS_LABELS: Record<AffiliateStatus, string> = {
  pending: "Pending review",
  approved: "Approved",
  rejected: "Rejected",
  disabled: "Disabled",
};

export const AFFILIATE_STATUS_OPTIONS = AFFILIATE_STATUSES.map((value) => ({
  value,
  label: AFFILIATE_STATUS_LABELS[value],
}));

export function affiliateStatusTone(status: AffiliateStatus) {
  switch (status) {
    case "pending":
      return "warning" as const;
    case "approved":
      return "success" as const;
    case "rejected":
    case "disabled":
      return "danger" as const;
  }
}

/** Each move's button, and what it did, in the admin's words. */
export const AFFILIATE_MOVE_LABELS: Record<AffiliateStatusMove, { button: string; done: string }> =
  {
    approve: { button: "Approve", done: "approved" },
    reject: { button: "Reject", done: "rejected" },
    disable: { button: "Disable", done: "disabled" },
    enable: { button: "Re-enable", done: "re-enabled" },
  };

/** The moves that need the admin to say why: the affiliate is told, or loses the portal. */
export const MOVES_NEEDING_A_REASON = ["reject", "disable"] as const;

export const MAX_REASON_LENGTH = 500;

const REASON_REQUIRED = "Say why: the affiliate's record keeps it.";

export const AFFILIATE_FORM_MESSAGES = {
  reason: REASON_REQUIRED,
  reasonTooLong: `Keep it to ${MAX_REASON_LENGTH} characters or fewer.`,
  code: "Use 1 to 50 letters, digits, hyphens or underscores.",
  codeMissing: "Enter the new code.",
  phone: "Enter a phone number with its area code, like (617) 555-0142.",
} as const;

const optionalReason = z
  .string()
  .trim()
  .max(MAX_REASON_LENGTH, AFFILIATE_FORM_MESSAGES.reasonTooLong)
  .optional();

const requiredReason = z
  .string({ error: REASON_REQUIRED })
  .trim()
  .min(1, REASON_REQUIRED)
  .max(MAX_REASON_LENGTH, AFFILIATE_FORM_MESSAGES.reasonTooLong);

/** R5.1: the same pattern links are read with. */
const code = z
  .string({ error: AFFILIATE_FORM_MESSAGES.codeMissing })
  .trim()
  .min(1, AFFILIATE_FORM_MESSAGES.codeMissing)
  .refine(isValidAffiliateCode, AFFILIATE_FORM_MESSAGES.code);

/** The status buttons: the intent is the move (docs/REQUIREMENTS.md R6: admin only). */
export const statusSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["approve", "enable"]), reason: optionalReason }),
  z.object({ intent: z.enum(MOVES_NEEDING_A_REASON), reason: requiredReason }),
]);
export type StatusCommand = z.output<typeof statusSchema>;

export const codeSchema = z.object({ intent: z.literal("code"), code });

/** The buttons that need nothing but the affiliate: factor reset, a new password link. */
export const accountSchema = z.object({ intent: z.enum(["reset-two-factor", "resend"]) });

/** Their own commission rule, in place of the company's default (D8). */
export const commissionRuleSchema = z
  .object({ intent: z.literal("commission-rule"), ...ownRuleFields })
  .superRefine(checkRule(OWN_RULE_NAMES));

/** Back to the company's default rule. */
export const clearCommissionRuleSchema = z.object({ intent: z.literal("commission-rule-clear") });

export const MAX_COMMISSION_NOTE_LENGTH = 500;
/** How many of their commission lines the affiliate's page shows (newest first). */
export const DETAIL_COMMISSIONS_SHOWN = 200;
const NOTE_REQUIRED = "Say why: the affiliate's commissions keep it.";

const commissionNote = z
  .string({ error: NOTE_REQUIRED })
  .trim()
  .min(1, NOTE_REQUIRED)
  .max(MAX_COMMISSION_NOTE_LENGTH, `Keep it to ${MAX_COMMISSION_NOTE_LENGTH} characters or fewer.`);

/** An admin voids one of their commission lines (pending or approved ones only). */
export const voidCommissionSchema = z.object({
  intent: z.literal("commission-void"),
  commissionId: z.uuid({ error: "Choose a commission." }),
  note: commissionNote,
});

/** A correction line: money added (or, negative, taken back) with the admin's reason. */
export const adjustmentSchema = z.object({
  intent: z.literal("commission-adjust"),
  amount: dollars({ label: "the amount", allowNegative: true }),
  note: commissionNote,
});

/** Everything the affiliate's page posts. */
export const affiliateCommandSchema = z.discriminatedUnion("intent", [
  ...statusSchema.options,
  codeSchema,
  accountSchema,
  commissionRuleSchema,
  clearCommissionRuleSchema,
  voidCommissionSchema,
  adjustmentSchema,
]);

export const inviteAffiliateSchema = z.object({
  ...inviteeFields,
  /** Stored as +1 and ten digits (R5.2), so their own leads are recognised as such. */
  phone: z
    .string()
    .trim()
    .max(30, AFFILIATE_FORM_MESSAGES.phone)
    .refine((value) => normalizePhone(value).isValid, AFFILIATE_FORM_MESSAGES.phone)
    .transform((value) => normalizePhone(value).e164!)
    .optional(),
  company: z.string().trim().max(120, "Keep it to 120 characters or fewer.").optional(),
  /** Left empty, one is made from their name. */
  code: code.optional(),
});
export type AffiliateInvite = z.output<typeof inviteAffiliateSchema>;
