import type { PageSeo } from "../meta";

/** The metadata of /about-us (docs/REQUIREMENTS.md R2.2); see ../named-pages.ts. */
export const ABOUT_US_SEO = {
  title: "About Us: Family Bathroom Remodelers Since 1997",
  description:
    "Meet the family business behind Lumen Bath & Remodel: bathroom design-build since 1997, our own crews, a Quincy showroom, and projects across New England.",
  keywords: [
    "about Lumen Bath & Remodel",
    "family owned bathroom remodeler",
    "design-build bathroom company Massachusetts",
    "Quincy MA bathroom showroom",
    "bathroom remodeling New England",
    "bathroom remodeler near Boston",
  ],
  image: "/og/about-us.png",
} satisfies PageSeo;
