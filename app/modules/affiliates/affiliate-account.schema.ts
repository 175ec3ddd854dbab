import { z } from "~/modules/platform/zod";
import { optionalText } from "~/modules/content/entry.schema";
import { normalizePhone } from "~/modules/leads/phone";
import {
  ACCOUNT_MESSAGES,
  confirmPassword,
  newPassword,
  PASSWORD_MIN,
  sameTwice,
  TWO_FACTOR_MESSAGES,
} from "~/modules/staff/account.schema";
import { isValidAffiliateCode } from "./affiliate-code";

/**
 * What the affiliate portal's own forms send (sign-in, application, password, profile,
 * authenticator, sign-out), shared by the browser's checks and the actions. Empty fields
 * arrive as missing (Conform), so each required field's message covers both.
 */

export { PASSWORD_MIN };

/** Where to go after signing in: a page of the portal, never another site (R2.14). */
export function safePortalReturnTo(value: string | null | undefined): string {
  const fallback = "/affiliate/dashboard";
  if (
    !value ||
    !value.startsWith("/affiliate/") ||
    value.startsWith("//") ||
    value.includes("\\")
  ) {
    return fallback;
  }
  const publicPage = /^\/affiliate\/(login|signup|forgot-password|reset-password|logout)(\/|\?|$)/i;
  return publicPage.test(value) ? fallback : value;
}

const returnTo = z.string().optional().transform(safePortalReturnTo);
const honeypot = z
  .string()
  .optional()
  .transform((value) => value ?? "");
const email = z
  .string({ error: "Enter your e-mail address." })
  .trim()
  .max(254, "Enter your e-mail address.")
  .pipe(z.email("Please enter a valid email address"));

export const portalQuerySchema = z.object({ returnTo });

export const affiliateSignInSchema = z.object({
  email: z.string({ error: "Enter your e-mail address." }),
  password: z.string({ error: "Enter your password." }),
  website: honeypot,
  returnTo,
});

export const affiliateTwoFactorSchema = z.object({
  code: z
    .string({ error: TWO_FACTOR_MESSAGES.enterCode })
    .transform((value) => value.replace(/\s+/g, "")),
  returnTo,
});

export const forgotPasswordSchema = z.object({ email, website: honeypot });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "This link is not complete." }).max(200),
    password: newPassword,
    confirmPassword,
  })
  .refine(sameTwice.check, sameTwice.message);

export const AFFILIATE_FIELD_LIMITS = { name: 120, company: 160, howTheyKnow: 1000, payout: 1000 };

const phone = z
  .string({ error: "Please enter a valid phone number" })
  .superRefine((value, context) => {
    const checked = normalizePhone(value);
    if (!checked.isValid) context.addIssue({ code: "custom", message: checked.error! });
  })
  .transform((value) => normalizePhone(value).e164!);

const name = z
  .string({ error: "Enter your name." })
  .trim()
  .min(1, "Enter your name.")
  .max(
    AFFILIATE_FIELD_LIMITS.name,
    `Keep it to ${AFFILIATE_FIELD_LIMITS.name} characters or fewer.`,
  );

export const CODE_HINT =
  "1 to 50 letters, digits, hyphens or underscores. Leave empty to get one made from your name.";

/** The public application (/affiliate/signup). */
export const affiliateSignupSchema = z
  .object({
    name,
    email,
    phone,
    company: optionalText(AFFILIATE_FIELD_LIMITS.company),
    howTheyKnow: z
      .string({ error: "Tell us how you know homeowners who may need us." })
      .trim()
      .min(1, "Tell us how you know homeowners who may need us.")
      .max(
        AFFILIATE_FIELD_LIMITS.howTheyKnow,
        `Keep it to ${AFFILIATE_FIELD_LIMITS.howTheyKnow} characters or fewer.`,
      ),
    code: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || isValidAffiliateCode(value), CODE_HINT),
    password: newPassword,
    confirmPassword,
    website: honeypot,
    formToken: z.string().optional(),
  })
  .refine(sameTwice.check, sameTwice.message);

/** The portal's profile page: one form per intent. */
export const profileCommandSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("profile"),
    name,
    phone,
    company: optionalText(AFFILIATE_FIELD_LIMITS.company),
    payoutDetails: optionalText(AFFILIATE_FIELD_LIMITS.payout),
  }),
  z
    .object({
      intent: z.literal("password"),
      currentPassword: z
        .string({ error: ACCOUNT_MESSAGES.enterCurrentPassword })
        .min(1, ACCOUNT_MESSAGES.enterCurrentPassword),
      password: newPassword,
      confirmPassword,
    })
    .refine(sameTwice.check, sameTwice.message),
  z.object({
    intent: z.literal("two-factor-start"),
    password: z.string({ error: TWO_FACTOR_MESSAGES.enterPassword }),
  }),
  z.object({
    intent: z.enum(["two-factor-confirm", "two-factor-remove"]),
    code: z
      .string({ error: TWO_FACTOR_MESSAGES.enterCode })
      .refine((code) => /^\d{6}$/.test(code.replace(/\s+/g, "")), TWO_FACTOR_MESSAGES.enterCode)
      .transform((code) => code.replace(/\s+/g, "")),
  }),
  z.object({ intent: z.literal("two-factor-cancel") }),
]);

/** Sign-out with a scope (R4.9): this device, the other devices, or everywhere. */
export const signOutSchema = z.object({
  scope: z.enum(["local", "others", "global"]).optional().default("local"),
});
