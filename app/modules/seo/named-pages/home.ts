import type { PageSeo } from "../meta";

/** The metadata of / (docs/REQUIREMENTS.md R2.2); see ../named-pages.ts. */
export const HOME_SEO = {
  title: "Luxury Bathroom Remodeling in Boston & New England",
  description:
    "Design-build bathroom remodeling across New England: one team from the first sketch to the last tile, a fixed written price, and over 32,000 projects completed since 1997.",
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
