/**
 * The staff area's strings, to the letter (docs/REQUIREMENTS.md R6.2, R8.1).
 * Kept apart from the public site's strings so public pages do not carry them.
 */
export const STAFF_STRINGS = {
  /** docs/REQUIREMENTS.md R8.1: the staff sign-in. {minutes} is "1 minute" or "N minutes". */
  login: {
    locked: "Account temporarily locked. Try again in {minutes}.",
    rateLimited: "Too many attempts. Please wait {minutes} before trying again.",
    securityValidation: "Security validation failed. Please try again.",
    suspicious:
      "Suspicious activity detected. Please contact support if you are a legitimate user.",
    invalid: "Invalid email or password",
    failed: "Login failed",
  },
  /** docs/REQUIREMENTS.md R6.2: the staff area's guard. */
  guard: {
    loading: "Loading...",
    accessDenied: "Access Denied - Please log in to access the admin panel.",
    insufficientPermissions:
      "Insufficient Permissions - You don't have permission to access this resource.",
  },
} as const;
