import { z } from "~/modules/platform/zod";
import { TWO_FACTOR_MESSAGES } from "./account.schema";

/**
 * What the sign-in pages send, shared by the browser's checks and the actions. The
 * refusals themselves (docs/REQUIREMENTS.md R8.1) come from the sign-in attempt, never
 * from here: these only ask for what is missing.
 */

/** Where to go after signing in: a path in the staff area, never another site. */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith("/admin") || value.startsWith("//") || value.includes("\\")) {
    return "/admin/dashboard";
  }
  return value.startsWith("/admin/login") ? "/admin/dashboard" : value;
}

const returnTo = z.string().optional().transform(safeReturnTo);

/** The sign-in pages' address: where to go afterwards (?returnTo=). */
export const signInQuerySchema = z.object({ returnTo });

export const signInSchema = z.object({
  email: z.string({ error: "Enter your e-mail address." }),
  password: z.string({ error: "Enter your password." }),
  rememberMe: z
    .string()
    .optional()
    .transform((value) => value === "on"),
  /** The honeypot: people never see it, form-filling bots fill it in. */
  website: z
    .string()
    .optional()
    .transform((value) => value ?? ""),
  returnTo,
});

export const twoFactorSignInSchema = z.object({
  code: z
    .string({ error: TWO_FACTOR_MESSAGES.enterCode })
    .transform((value) => value.replace(/\s+/g, "")),
  returnTo,
});

/**
 * The form id of each public staff page. Each page has one form, so every answer is for it,
 * whatever the request named.
 */
export const SIGN_IN_FORM = {
  login: "login",
  twoFactor: "two-factor",
  setPassword: "set-password",
} as const;

export type SignInFormId = (typeof SIGN_IN_FORM)[keyof typeof SIGN_IN_FORM];
