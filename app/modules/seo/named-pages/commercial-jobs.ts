import type { PageSeo } from "../meta";

/** The metadata of /commercial-jobs (docs/REQUIREMENTS.md R2.2); see ../named-pages.ts. */
export const COMMERCIAL_JOBS_SEO = {
  title: "Commercial Bathroom Remodeling in New England",
  description:
    "Commercial restroom remodeling for offices, restaurants, clinics, shops and rental units in New England: built after hours, to accessibility code, by one team.",
  keywords: [
    "commercial bathroom remodeling Boston",
    "commercial restroom renovation Massachusetts",
    "ADA restroom renovation",
    "restaurant restroom remodel",
    "rental property bathroom remodel",
    "property manager bathroom contractor",
    "after-hours restroom construction",
  ],
  image: "/og/commercial-jobs.png",
} satisfies PageSeo;
