import { z } from "~/modules/platform/zod";

/**
 * What a member's own sign-in forms send (My account, and the page a password link opens),
 * shared by the browser's checks and the server. Empty fields arrive as missing (Conform),
 * so each required field's message covers both.
 */

export const PASSWORD_MIN = 12;
const PASSWORD_MAX = 128;

export const ACCOUNT_MESSAGES = {
  passwordTooShort: `Use at least ${PASSWORD_MIN} characters.`,
  passwordTooLong: `Use at most ${PASSWORD_MAX} characters.`,
  passwordsDiffer: "The two passwords are not the same.",
  repeatPassword: "Type the password again.",
  currentPassword: "That is not your current password.",
  enterCurrentPassword: "Enter your current password.",
  samePassword: "Choose a password different from the current one.",
  linkInvalid: "This link has expired or has already been used. Ask an admin to send a new one.",
  tooManyAttempts: "Too many password attempts. Please wait {minutes} before trying again.",
} as const;

export const TWO_FACTOR_MESSAGES = {
  wrongPassword: "That is not your password.",
  enterPassword: "Enter your password.",
  wrongCode: "That code did not match. Check the time on your phone and try the newest code.",
  enterCode: "Enter the six-digit code from your authenticator app.",
  alreadyEnabled: "Your authenticator is already set up.",
  noSetup: "Start the setup again: there is no authenticator waiting to be confirmed.",
} as const;

/** A new password's field, its confirmation, and the check that they match: every realm's. */
export const newPassword = z
  .string({ error: ACCOUNT_MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN, ACCOUNT_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, ACCOUNT_MESSAGES.passwordTooLong);
// Left empty, it is not yet different: it is missing.
export const confirmPassword = z.string({ error: ACCOUNT_MESSAGES.repeatPassword });

export const sameTwice = {
  check: (input: { password: string; confirmPassword: string }) =>
    input.password === input.confirmPassword,
  message: { message: ACCOUNT_MESSAGES.passwordsDiffer, path: ["confirmPassword"] },
};

/** A new password typed twice. */
export const newPasswordSchema = z
  .object({ password: newPassword, confirmPassword })
  .refine(sameTwice.check, sameTwice.message);

/** The page a password link opens: the link's token and the new password, twice. */
export const setPasswordSchema = z
  .object({
    token: z.string({ error: ACCOUNT_MESSAGES.linkInvalid }).max(200, ACCOUNT_MESSAGES.linkInvalid),
    password: newPassword,
    confirmPassword,
  })
  .refine(sameTwice.check, sameTwice.message);

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: ACCOUNT_MESSAGES.enterCurrentPassword })
      .min(1, ACCOUNT_MESSAGES.enterCurrentPassword),
    password: newPassword,
    confirmPassword,
  })
  .refine(sameTwice.check, sameTwice.message)
  .refine((input) => input.password !== input.currentPassword, {
    message: ACCOUNT_MESSAGES.samePassword,
    path: ["password"],
  });

const password = z.string({ error: TWO_FACTOR_MESSAGES.enterPassword });

/** My account's forms: the password change and the authenticator's steps. */
export const accountCommandSchema = z.discriminatedUnion("intent", [
  changePasswordSchema.safeExtend({ intent: z.literal("password") }),
  z.object({ intent: z.literal("two-factor-start"), password }),
  z.object({
    intent: z.literal("two-factor-confirm"),
    code: z
      .string({ error: TWO_FACTOR_MESSAGES.enterCode })
      .refine((code) => /^\d{6}$/.test(code.replace(/\s+/g, "")), TWO_FACTOR_MESSAGES.enterCode),
  }),
  z.object({ intent: z.literal("two-factor-cancel") }),
  z.object({ intent: z.literal("two-factor-disable"), password }),
]);

/** My account's address: ?setup=two-factor when the company's rule sent the member here. */
export const accountQuerySchema = z.object({
  setup: z
    .string()
    .optional()
    .transform((value) => value === "two-factor"),
});

/** The address a password link opens: /admin/set-password?token=... */
export const passwordLinkQuerySchema = z.object({
  token: z
    .string()
    .optional()
    .transform((value) => value ?? ""),
});
