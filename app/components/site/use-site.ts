import { useRouteLoaderData } from "react-router";
import type { CompanySettings } from "~/db/schema/settings";

interface SiteData {
  company: CompanySettings;
  year: number;
}

/** The company profile loaded once by the site layout, for any public page. */
export function useCompany(): CompanySettings {
  const data = useRouteLoaderData("routes/_site/layout") as SiteData | undefined;
  if (!data) throw new Error("useCompany is only available inside the site layout");
  return data.company;
}

/** "32,000" */
export const formatCount = (value: number): string => value.toLocaleString("en-US");
