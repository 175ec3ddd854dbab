/**
 * User-facing strings the specification quotes, to the letter, in one place.
 * Other copy lives with its page.
 */
export const STRINGS = {
  defaultTitle: "Lumen Bath & Remodel | Luxury Bathroom Remodeling in New England",
  notFound: {
    title: "Page not found",
    action: "Go Home",
  },
  errors: {
    routeTitle: "Something went wrong",
    layoutTitle: "Error Loading Layout",
    layoutMessage: "There was an error loading the page layout.",
    reload: "Reload Page",
  },
  nav: {
    getAQuote: "Get a Quote",
    callUsNow: "Call Us Now",
    financing: "Get Pre-Approved For Financing",
    payments: "Make Payments",
    review: "Leave us a Review",
  },
  footer: {
    privacy: "Privacy Policy",
    terms: "Terms of Service",
  },
  /** SPEC §8: the staff sign-in. {minutes} is "1 minute" or "N minutes". */
  login: {
    locked: "Account temporarily locked. Try again in {minutes}.",
    rateLimited: "Too many attempts. Please wait {minutes} before trying again.",
    securityValidation: "Security validation failed. Please try again.",
    suspicious:
      "Suspicious activity detected. Please contact support if you are a legitimate user.",
    invalid: "Invalid email or password",
    failed: "Login failed",
  },
  /** SPEC §6: the staff area's guard. */
  guard: {
    loading: "Loading...",
    accessDenied: "Access Denied - Please log in to access the admin panel.",
    insufficientPermissions:
      "Insufficient Permissions - You don't have permission to access this resource.",
  },
} as const;

/** "1 minute" or "N minutes" (SPEC §8), rounding up. */
export function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
