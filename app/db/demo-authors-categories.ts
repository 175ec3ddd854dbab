import type { authors, categories } from "./schema";

/**
 * The demo blog's authors and categories (the demo posts name them by slug). Fictional
 * people at the fictional demo company.
 */

export const DEMO_AUTHOR_SLUGS = {
  designer: "maya-castellano",
  projectManager: "dev-okafor",
  owner: "dana-whitfield",
} as const;

export const DEMO_CATEGORY_SLUGS = {
  designIdeas: "design-ideas",
  planningBudget: "planning-and-budget",
  accessibility: "accessibility",
  materials: "materials",
  behindTheScenes: "behind-the-scenes",
} as const;

export const DEMO_AUTHORS: (typeof authors.$inferInsert)[] = [
  {
    slug: DEMO_AUTHOR_SLUGS.designer,
    name: "Maya Castellano",
    title: "Lead designer",
    bio: "Maya has designed bathrooms across Greater Boston for twelve years. She loves small rooms that feel larger, honest materials and lighting you notice only because everything looks right.",
  },
  {
    slug: DEMO_AUTHOR_SLUGS.projectManager,
    name: "Dev Okafor",
    title: "Project manager",
    bio: "Dev keeps every remodel on schedule, from permits to the final walkthrough. Before joining Lumen he spent a decade as a licensed plumber on the South Shore.",
  },
  {
    slug: DEMO_AUTHOR_SLUGS.owner,
    name: "Dana Whitfield",
    title: "Owner",
    bio: "Dana started Lumen Bath & Remodel in 1997 with one van and a tile saw. She still visits job sites every week and reads every review our customers leave.",
  },
];

export const DEMO_CATEGORIES: (typeof categories.$inferInsert)[] = [
  {
    slug: DEMO_CATEGORY_SLUGS.designIdeas,
    name: "Design ideas",
    description: "Layouts, colours, tile and lighting ideas for bathrooms of every size.",
  },
  {
    slug: DEMO_CATEGORY_SLUGS.planningBudget,
    name: "Planning & budget",
    description: "What a remodel costs in New England, how long it takes and how to plan for it.",
  },
  {
    slug: DEMO_CATEGORY_SLUGS.accessibility,
    name: "Accessibility",
    description: "Curbless showers, grab bars and safe bathrooms for ageing in place.",
  },
  {
    slug: DEMO_CATEGORY_SLUGS.materials,
    name: "Materials",
    description: "Tile, stone, fixtures and finishes that last through New England winters.",
  },
  {
    slug: DEMO_CATEGORY_SLUGS.behindTheScenes,
    name: "Behind the scenes",
    description: "How our crews work, from the first visit to the final walkthrough.",
  },
];
