import type { CompanySettings } from "~/db/schema/settings";

/**
 * What the public site may know of the company profile: what its pages, forms and
 * structured data show. Everything it loads reaches every visitor (in the page and in
 * `.data` answers), so who is told of new leads, the staff area's rules and the affiliate
 * programme's terms stay out.
 */
export const PUBLIC_COMPANY_FIELDS = [
  "name",
  "phone",
  "email",
  "streetAddress",
  "addressLocality",
  "addressRegion",
  "postalCode",
  "addressCountry",
  "latitude",
  "longitude",
  "openingHours",
  "financingUrl",
  "paymentsUrl",
  "reviewUrl",
  "facebookUrl",
  "instagramUrl",
  "ratingValue",
  "ratingCount",
  "projectsCount",
  "foundedYear",
  "priceRange",
  "serviceAreaLatitude",
  "serviceAreaLongitude",
  "serviceRadiusMeters",
  "referralByName",
  "botProtection",
] as const satisfies readonly (keyof CompanySettings)[];

export type PublicCompany = Pick<CompanySettings, (typeof PUBLIC_COMPANY_FIELDS)[number]>;

/** The public part of the profile, and nothing else. */
export function publicCompany(company: CompanySettings): PublicCompany {
  return Object.fromEntries(
    PUBLIC_COMPANY_FIELDS.map((field) => [field, company[field]]),
  ) as PublicCompany;
}
