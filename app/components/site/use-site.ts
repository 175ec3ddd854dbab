import { useRouteLoaderData } from "react-router";
import type { CompanySettings } from "~/db/schema/settings";

interface SiteData {
  company: CompanySettings;
  year: number;
}

/** The site layout's data, for any public page. */
export function useSiteData(): SiteData {
  const data = useRouteLoaderData("routes/_site/layout") as SiteData | undefined;
  if (!data) throw new Error("useSiteData is only available inside the site layout");
  return data;
}

/** The company profile loaded once by the site layout, for any public page. */
export function useCompany(): CompanySettings {
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
