import type { PageSeo } from "../meta";

/** The metadata of /bathrooms (docs/REQUIREMENTS.md R2.2); see ../named-pages.ts. */
export const BATHROOMS_SEO = {
  title: "Bathroom Remodeling in Boston & Massachusetts",
  description:
    "Full bathroom remodels in Boston and across Massachusetts: walk-in showers, soaking tubs, tile and vanities, designed and built by one team at a fixed price.",
  keywords: [
    "bathroom remodeling Boston",
    "bathroom remodel cost Massachusetts",
    "primary bathroom renovation",
    "curbless walk-in shower",
    "aging in place bathroom remodel",
    "condo bathroom remodel Boston",
    "bathroom contractor Quincy MA",
  ],
  image: "/og/bathrooms.png",
} satisfies PageSeo;
