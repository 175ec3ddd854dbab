import { Link } from "react-router";
import type { StepCopy } from "~/components/admin/login-frame";
import { loginPageMeta } from "~/components/admin/login-frame";

/** The partner portal's public pages (sign-in, application, passwords): their words. */

export const PORTAL_AREA = "Partner portal";

export const portalPageMeta = (title: string) => loginPageMeta(title, PORTAL_AREA);

/** Each public portal page's heading and submit button. */
export const PORTAL_STEP: Record<
  "login" | "twoFactor" | "signup" | "forgotPassword" | "resetPassword",
  StepCopy
> = {
  login: { title: "Sign in to the partner portal", submit: "Sign in", pending: "Signing in…" },
  twoFactor: { title: "Enter your authenticator code", submit: "Continue", pending: "Checking…" },
  signup: { title: "Become a referral partner", submit: "Send application", pending: "Sending…" },
  forgotPassword: {
    title: "Reset your password",
    submit: "Send the reset link",
    pending: "Sending…",
  },
  resetPassword: { title: "Choose a new password", submit: "Save password", pending: "Saving…" },
};

/** A link under a portal form. */
export function PortalLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="font-medium text-brass-dark underline underline-offset-2">
      {children}
    </Link>
  );
}
