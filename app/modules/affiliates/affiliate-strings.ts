import { STAFF_STRINGS } from "~/modules/staff/staff-strings";

/**
 * The affiliate portal's strings. The required messages to the letter (docs/REQUIREMENTS.md
 * R8.3); the sign-in limits answer with the staff sign-in's words (R8.1), as their numbers
 * are the same (R9.3).
 */
export const AFFILIATE_STRINGS = {
  /** R8.3, to the letter. */
  portal: {
    loadProfileFailed: "Failed to load affiliate profile",
    signInFailed: "Failed to sign in",
    signOutFailed: "Failed to sign out",
    resetEmailFailed: "Failed to send reset email",
    updatePasswordFailed: "Failed to update password",
    noSession: "Authentication failed - no session created",
  },
  /** R8.1's limits, shared with the staff sign-in. */
  limits: {
    locked: STAFF_STRINGS.login.locked,
    rateLimited: STAFF_STRINGS.login.rateLimited,
    securityValidation: STAFF_STRINGS.login.securityValidation,
    suspicious: STAFF_STRINGS.login.suspicious,
  },
  /** What a signed-in affiliate who may not use the portal is told, by status. */
  status: {
    pending:
      "Your application is waiting for review. We will e-mail you as soon as it is approved.",
    rejected:
      "Your application to the partner programme was not approved. Please contact us if you have questions.",
    disabled: "Your partner account is disabled. Please contact us if you think this is a mistake.",
  },
  guard: {
    loading: STAFF_STRINGS.guard.loading,
  },
} as const;
