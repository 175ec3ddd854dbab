import { useRouteLoaderData } from "react-router";
import type { CompanySettings } from "~/db/schema/settings";
import type { PublicCompany } from "~/modules/settings/public-company";

interface SiteData {
  company: PublicCompany;
  year: number;
}

/** The site layout's data, for any public page. */
export function useSiteData(): SiteData {
  const data = useRouteLoaderData("routes/_site/layout") as SiteData | undefined;
  if (!data) throw new Error("useSiteData is only available inside the site layout");
  return data;
}

/** The company profile loaded once by the site layout, for any public page. */
export function useCompany(): PublicCompany {
  return useSiteData().company;
}

/**
 * A whole number with en-US thousands separators ("32,000"). Not toLocaleString: the
 * browser's first number format loads locale data, slow on a phone while the page starts.
 */
export const formatCount = (value: number): string =>
  Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * The company's rating as the site states it ("4.9", "1,250"), or null while staff have not
 * set both figures: a new company makes no rating claim until then.
 */
export function ratingClaim(
  company: Pick<CompanySettings, "ratingValue" | "ratingCount">,
): { value: number; count: string } | null {
  if (company.ratingValue === null || company.ratingCount === null) return null;
  return { value: company.ratingValue, count: formatCount(company.ratingCount) };
}

/** Projects completed ("32,000"), or null while staff have not set the figure. */
export function projectsClaim(company: Pick<CompanySettings, "projectsCount">): string | null {
  return company.projectsCount === null ? null : formatCount(company.projectsCount);
}
