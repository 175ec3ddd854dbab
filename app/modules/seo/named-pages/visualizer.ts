import type { PageSeo } from "../meta";

/** The metadata of /visualizer (docs/REQUIREMENTS.md R2.2); see ../named-pages.ts. */
export const VISUALIZER_SEO = {
  title: "Bathroom Visualizer: Design Your New Bathroom",
  description:
    "Try wall and floor tile, vanities, fixture finishes, shower styles and paint colours on a bathroom and see it change at once. Share your design or send it with a free consultation request.",
  keywords: [
    "bathroom visualizer",
    "bathroom design tool",
    "virtual bathroom remodel",
    "bathroom tile visualizer",
    "design my bathroom online",
  ],
  image: "/og/visualizer.png",
} satisfies PageSeo;
