import { integerIdSchema } from "~/modules/platform/ids";
import { z } from "~/modules/platform/zod";
import { POST_STATUSES } from "~/db/schema/content";
import {
  imageAltText,
  keptImageId,
  optionalImageFile,
  requireAltText,
} from "~/modules/media/upload.schema";
import { COMPANY_TIME_ZONE } from "~/modules/platform/patterns";
import { optionalText } from "./entry.schema";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "./slug";

/**
 * What the post editor and the posts list send, shared by the browser's checks and the
 * actions (docs/REQUIREMENTS.md R10.1-R10.8). Empty fields arrive as missing (Conform), so
 * each required field's message covers both.
 */

/** Search results show about this much of a title and a description (R10.5). */
export const SEO_TITLE_RECOMMENDED = 60;
export const SEO_DESCRIPTION_RECOMMENDED = 160;
/** Longer than this is refused: nobody would read it in a search result. */
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 200;

/** The longest Markdown body a post may have. */
const MAX_BODY_LENGTH = 100_000;

export const POST_MESSAGES = {
  title: "Give the post a title.",
  titleLength: "Keep the title to 200 characters or fewer.",
  slugPattern: "Use lower-case letters and digits, in words joined by single hyphens.",
  slugLength: `Keep the slug to ${SLUG_MAX_LENGTH} characters or fewer.`,
  slugTaken: "Another post already uses this slug: choose another.",
  slugEmpty: "The title has no letters or digits to make a slug from: type one.",
  excerptLength: "Keep the excerpt to 500 characters or fewer.",
  bodyLength: "Keep the body to 100,000 characters or fewer.",
  author: "Choose an author.",
  authorGone: "That author no longer exists: choose another.",
  categories: "Choose at least one category.",
  categoryGone: "One of those categories no longer exists: choose again.",
  status: "Choose draft, scheduled or published.",
  publishAt: "Choose the date and time to publish it.",
  publishAtPast: "Choose a date and time in the future.",
  seoTitleLength: `Keep the SEO title to ${SEO_TITLE_MAX} characters or fewer (${SEO_TITLE_RECOMMENDED} or fewer show in full).`,
  seoDescriptionLength: `Keep the SEO description to ${SEO_DESCRIPTION_MAX} characters or fewer (${SEO_DESCRIPTION_RECOMMENDED} or fewer show in full).`,
  notFound: "That post no longer exists.",
  revisionNotFound: "That revision no longer exists.",
  misunderstood: "That request was not understood.",
  choosePosts: "Tick at least one post first.",
} as const;

const DATETIME_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A wall-clock time in `timeZone` (as a datetime-local field gives it, "2026-12-01T09:30")
 * as the instant it names; undefined when it is not a real time. Client-safe: the browser
 * and the server agree whatever zone each runs in.
 */
export function zonedTimeToInstant(
  local: string,
  timeZone: string = COMPANY_TIME_ZONE,
): Date | undefined {
  const match = DATETIME_LOCAL.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const asUtc = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day! || hour! > 23) {
    return undefined;
  }
  // The zone's offset at that moment, found from how the zone reads the UTC guess; twice,
  // so a time near a daylight-saving change lands on the offset in force then.
  let instant = asUtc;
  for (let pass = 0; pass < 2; pass++) instant = asUtc - zoneOffset(instant, timeZone);
  return new Date(instant);
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  const part = wallClock(instant, timeZone);
  const wall = Date.UTC(
    Number(part("year")),
    Number(part("month")) - 1,
    Number(part("day")),
    Number(part("hour")),
    Number(part("minute")),
    Number(part("second")),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** An instant as a datetime-local field shows it in `timeZone` ("2026-12-01T09:30"). */
export function instantToZonedTime(
  instant: Date | string,
  timeZone: string = COMPANY_TIME_ZONE,
): string {
  const part = wallClock(new Date(instant), timeZone);
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`;
}

/** The digits `timeZone`'s wall clock shows at `instant`, by part ("2026", "09"). */
function wallClock(instant: Date | number, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  return (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((part) => part.type === type)?.value ?? "00";
}

const id = integerIdSchema;

export const postFields = {
  title: z
    .string({ error: POST_MESSAGES.title })
    .trim()
    .min(1, POST_MESSAGES.title)
    .max(200, POST_MESSAGES.titleLength),
  /** Left empty, the server makes it from the title. */
  slug: z
    .string()
    .trim()
    .max(SLUG_MAX_LENGTH, POST_MESSAGES.slugLength)
    .regex(SLUG_PATTERN, POST_MESSAGES.slugPattern)
    .optional(),
  excerpt: optionalText(500, POST_MESSAGES.excerptLength),
  body: z.string().max(MAX_BODY_LENGTH, POST_MESSAGES.bodyLength).optional().default(""),
  authorId: id(POST_MESSAGES.author),
  categoryIds: z
    .array(id(POST_MESSAGES.categories), { error: POST_MESSAGES.categories })
    .min(1, POST_MESSAGES.categories)
    .max(50, POST_MESSAGES.categories),
  status: z.enum(POST_STATUSES, { error: POST_MESSAGES.status }),
  /** A datetime-local value in the company's time zone; needed when scheduled. */
  publishAt: z.string().max(40).optional(),
  seoTitle: optionalText(SEO_TITLE_MAX, POST_MESSAGES.seoTitleLength),
  seoDescription: optionalText(SEO_DESCRIPTION_MAX, POST_MESSAGES.seoDescriptionLength),
  /** A new cover chosen in the form (stored by the action before the post is saved). */
  coverFile: optionalImageFile,
  coverAlt: imageAltText,
  /** The cover kept now (the image upload field's hidden input), and "remove it". */
  currentCoverId: keptImageId,
  removeCover: z.string().optional(),
  socialFile: optionalImageFile,
  currentSocialId: keptImageId,
  removeSocial: z.string().optional(),
};

/** The names of the cover's inputs, for the alt text check and the field. */
export const COVER_IMAGE_NAMES = {
  fileName: "coverFile",
  altName: "coverAlt",
  currentName: "currentCoverId",
  removeName: "removeCover",
} as const;
export const SOCIAL_IMAGE_NAMES = {
  fileName: "socialFile",
  currentName: "currentSocialId",
  removeName: "removeSocial",
} as const;

/** The editor's form: a new post (no postId) or an existing one. */
export const postSchema = z
  .object({
    intent: z.literal("save"),
    postId: id(POST_MESSAGES.misunderstood).optional(),
    ...postFields,
  })
  .superRefine((post, context) => {
    // A cover is shown on the page: it needs its description (R10.11).
    requireAltText(post, context, COVER_IMAGE_NAMES);
    if (post.status !== "scheduled") return;
    if (!post.publishAt) {
      context.addIssue({ code: "custom", path: ["publishAt"], message: POST_MESSAGES.publishAt });
      return;
    }
    const at = zonedTimeToInstant(post.publishAt);
    if (!at) {
      context.addIssue({ code: "custom", path: ["publishAt"], message: POST_MESSAGES.publishAt });
    } else if (at.getTime() <= Date.now()) {
      context.addIssue({
        code: "custom",
        path: ["publishAt"],
        message: POST_MESSAGES.publishAtPast,
      });
    }
  });
export type PostInput = z.output<typeof postSchema>;

/** "Restore" beside a revision in the editor. */
export const restoreSchema = z.object({
  intent: z.literal("restore"),
  postId: id(POST_MESSAGES.misunderstood),
  revisionId: id(POST_MESSAGES.revisionNotFound),
});

/** The editor's live preview: the body as typed so far. */
export const previewSchema = z.object({
  markdown: z.string().max(MAX_BODY_LENGTH, POST_MESSAGES.bodyLength).optional().default(""),
});

export const postEditorSchema = z.discriminatedUnion("intent", [postSchema, restoreSchema]);

export const BULK_ACTIONS = ["publish", "unpublish", "delete"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** The list's bulk buttons, with the ticked posts. */
export const bulkSchema = z.object({
  intent: z.enum(BULK_ACTIONS, { error: POST_MESSAGES.misunderstood }),
  postIds: z
    .array(id(POST_MESSAGES.choosePosts), { error: POST_MESSAGES.choosePosts })
    .min(1, POST_MESSAGES.choosePosts)
    .max(200, "Tick at most 200 posts at a time."),
});

/** How the staff screens name a status. */
export const POST_STATUS_LABELS: Record<(typeof POST_STATUSES)[number], string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};

/** The statuses as a menu's options. */
export const POST_STATUS_OPTIONS = POST_STATUSES.map((value) => ({
  value,
  label: POST_STATUS_LABELS[value],
}));

/** A post's public address; a post visitors cannot see yet opens as a staff preview. */
export const postViewHref = (slug: string, status: (typeof POST_STATUSES)[number]) =>
  status === "published" ? `/blog/${slug}` : `/blog/${slug}?preview=1`;

/** How the posts list can be sorted: last edited first, newest published first, by title. */
export const POST_SORTS = ["updated", "published", "title"] as const;
export type PostSort = (typeof POST_SORTS)[number];
