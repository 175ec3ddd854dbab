import { HOME_SEO } from "./named-pages/home";
import { BATHROOMS_SEO } from "./named-pages/bathrooms";
import { COMMERCIAL_JOBS_SEO } from "./named-pages/commercial-jobs";
import { ABOUT_US_SEO } from "./named-pages/about-us";
import { REVIEWS_SEO } from "./named-pages/reviews";
import { LEAVE_REVIEW_SEO } from "./named-pages/leave-review";
import { VISUALIZER_SEO } from "./named-pages/visualizer";

/**
 * The metadata of the site's named pages (docs/REQUIREMENTS.md R2.2): each has its own
 * title, description, keywords and social image (public/og/, drawn by
 * scripts/generate-brand-assets.mjs). Each page's entry is a file of its own under
 * named-pages/, so a page's script carries only its own; its `meta` export passes it to
 * `pageMeta`: `pageMeta(args, VISUALIZER_SEO)`. named-pages.test.ts checks that no two
 * pages share a title, description or image and that every image exists.
 */
export const NAMED_PAGES = {
  "/": HOME_SEO,
  "/bathrooms": BATHROOMS_SEO,
  "/commercial-jobs": COMMERCIAL_JOBS_SEO,
  "/about-us": ABOUT_US_SEO,
  "/reviews": REVIEWS_SEO,
  "/leave-review": LEAVE_REVIEW_SEO,
  "/visualizer": VISUALIZER_SEO,
};
