import type { PageSeo } from "../meta";

/** The metadata of / (docs/REQUIREMENTS.md R2.2); see ../named-pages.ts. */
export const HOME_SEO = {
  title: "Luxury Bathroom Remodeling in Boston & New England",
  description:
    // No figures here: the rating and projects count are settings (a new company has none).
    "Design-build bathroom remodeling across New England: one team from the first sketch to the last tile, our own crews and a fixed written price before work starts.",
  keywords: [
    "bathroom remodeling Boston",
    "luxury bathroom remodel",
    "bathroom remodeler Massachusetts",
    "walk-in shower installation",
    "bathroom renovation New England",
    "Quincy bathroom showroom",
  ],
  image: "/og/home.png",
} satisfies PageSeo;
