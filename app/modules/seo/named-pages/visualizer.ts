import type { PageSeo } from "../meta";

/** The metadata of /visualizer (docs/REQUIREMENTS.md R2.2); see ../named-pages.ts. */
export const VISUALIZER_SEO = {
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
} satisfies PageSeo;
