import type { CompanySettings } from "~/db/schema/settings";

/** What the shared layout needs from the company profile. */
export type SiteCompany = Pick<
  CompanySettings,
  | "name"
  | "phone"
  | "email"
  | "streetAddress"
  | "addressLocality"
  | "addressRegion"
  | "postalCode"
  | "openingHours"
  | "financingUrl"
  | "paymentsUrl"
  | "reviewUrl"
  | "facebookUrl"
  | "instagramUrl"
  | "referralByName"
>;
