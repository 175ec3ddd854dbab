import type { PageSeo } from "./meta";

/**
 * The metadata of the site's named pages (docs/REQUIREMENTS.md R2.2): each has its
 * own title, description, keywords and social image (public/og/, drawn by
 * scripts/generate-brand-assets.mjs). A page's `meta` export passes its entry to `pageMeta`:
 * `pageMeta(args, NAMED_PAGES["/visualizer"])`. app/modules/seo/named-pages.test.ts checks
 * that no two pages share a title, description or image and that every image exists.
 */
export const NAMED_PAGES = {
  "/": {
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
  },
  "/bathrooms": {
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
  },
  "/commercial-jobs": {
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
  },
  "/about-us": {
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
  },
  "/reviews": {
    title: "Customer Reviews",
    description:
      "Read what homeowners across Massachusetts and New England say about their bathroom remodel: rated 4.9 out of 5 from 1,250 reviews of our design-build service.",
    keywords: [
      "bathroom remodeler reviews",
      "Lumen Bath reviews",
      "bathroom remodeling reviews Boston",
      "best bathroom contractor Massachusetts",
      "Quincy bathroom company reviews",
    ],
    image: "/og/reviews.png",
  },
  "/leave-review": {
    title: "Leave a Review of Your Bathroom Remodel",
    description:
      "Had your bathroom remodeled by Lumen Bath & Remodel? Tell us how it went: rate your project from 1 to 5 stars and share a few words for other homeowners.",
    keywords: [
      "leave a review Lumen Bath",
      "rate your bathroom remodel",
      "bathroom remodeler feedback",
      "review bathroom contractor Massachusetts",
      "customer review bathroom renovation",
    ],
    image: "/og/leave-review.png",
  },
  "/visualizer": {
    title: "Bathroom Visualizer: Design Your New Bathroom",
    description:
      "Try tiles, vanities, fixtures and finishes on a bathroom scene and see your new bathroom before it is built, then send your design for a free consultation.",
    keywords: [
      "bathroom visualizer",
      "bathroom design tool",
      "virtual bathroom remodel",
      "bathroom tile visualizer",
      "design my bathroom online",
    ],
    image: "/og/visualizer.png",
  },
} satisfies Record<string, PageSeo>;

export type NamedPagePath = keyof typeof NAMED_PAGES;
