import { singleLine } from "~/modules/platform/text";
import { isValidAffiliateCode } from "./affiliate-code";

/**
 * An affiliate's referral links (client-safe): {origin}{path}?aff={code}, with the
 * campaign fields of R3.2 when the affiliate fills them in. A link only ever leads to a page
 * of this site that visitors can open: the code in it is recorded as a click and credits
 * leads only there (docs/REQUIREMENTS.md R4.1, R5.1).
 */

/** The campaign fields an affiliate may add, in the order of R3.2. */
export const UTM_FIELDS = ["utm_source", "utm_medium", "utm_campaign", "utm_content"] as const;
export type UtmField = (typeof UTM_FIELDS)[number];
export type UtmValues = Partial<Record<UtmField, string>>;

export const REFERRAL_PATH_MAX_LENGTH = 200;
export const UTM_VALUE_MAX_LENGTH = 100;

/** Pages worth sending people to, offered before a free path. */
export const SUGGESTED_PAGES = [
  { path: "/", label: "Home" },
  { path: "/bathrooms", label: "Bathroom remodeling" },
  { path: "/commercial-jobs", label: "Commercial jobs" },
  { path: "/about-us", label: "About us" },
  { path: "/reviews", label: "Reviews" },
  { path: "/blog", label: "Blog" },
] as const;

/**
 * First path segments that are not pages for visitors: the staff area, the portal, the API
 * and uploaded images. Referral codes there are not recorded, so a link would credit nothing.
 */
const CLOSED_SECTIONS = new Set(["admin", "affiliate", "api", "media"]);

export const REFERRAL_LINK_MESSAGES = {
  pathStart: "Enter a path on this site that starts with a single /, like /bathrooms.",
  pathCharacters: "Enter just the path, like /bathrooms: without spaces, backslashes, ? or #.",
  pathLength: `Enter a path of at most ${REFERRAL_PATH_MAX_LENGTH} characters.`,
  pathClosed:
    "Links to the staff area, the partner portal, the API or image files credit nobody. Choose a page of the site, like /bathrooms.",
  utmLength: (field: UtmField) => `Keep ${field} to ${UTM_VALUE_MAX_LENGTH} characters or fewer.`,
  notYours: "This is not one of your referral links to this site.",
} as const;

export type ReferralLinkField = "path" | UtmField;
export type ReferralLinkErrors = Partial<Record<ReferralLinkField, string>>;

export type ReferralLinkOutcome =
  | { ok: true; link: string; path: string; utm: UtmValues }
  | { ok: false; errors: ReferralLinkErrors };

/** Where path checks resolve against: any origin will do, only the path is kept. */
const CHECK_BASE = "https://site.invalid";
const PATH_FORBIDDEN = /[\s\p{Cc}\\?#]/u;

/**
 * A path of this site as typed, normalised ("/blog/../reviews" is "/reviews", "/é" is
 * "/%C3%A9"), or why it is refused: not starting with one "/" (a "//" path would leave the
 * site), a query or fragment, or a section that is not a page (checked after decoding, so
 * "/%61dmin" is "/admin").
 */
export function checkSitePath(
  raw: string,
): { ok: true; path: string } | { ok: false; message: string } {
  const typed = raw.trim();
  if (!typed.startsWith("/") || typed.startsWith("//")) {
    return { ok: false, message: REFERRAL_LINK_MESSAGES.pathStart };
  }
  if (PATH_FORBIDDEN.test(typed))
    return { ok: false, message: REFERRAL_LINK_MESSAGES.pathCharacters };
  const url = new URL(typed, CHECK_BASE);
  const path = url.pathname;
  if (url.origin !== CHECK_BASE || path.startsWith("//")) {
    return { ok: false, message: REFERRAL_LINK_MESSAGES.pathStart };
  }
  if (path.length > REFERRAL_PATH_MAX_LENGTH) {
    return { ok: false, message: REFERRAL_LINK_MESSAGES.pathLength };
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { ok: false, message: REFERRAL_LINK_MESSAGES.pathCharacters };
  }
  const section = decoded.split("/")[1]?.toLowerCase() ?? "";
  if (CLOSED_SECTIONS.has(section))
    return { ok: false, message: REFERRAL_LINK_MESSAGES.pathClosed };
  return { ok: true, path };
}

/**
 * The referral link to `path` (the home page when left out) for `code`, with each campaign
 * field that is not empty (trimmed, on one line, at most 100 characters), or why a field is
 * refused.
 */
export function buildReferralLink(input: {
  origin: string;
  code: string;
  path?: string;
  utm?: UtmValues;
}): ReferralLinkOutcome {
  // The code comes from the affiliate's record: an invalid one is a fault, not input.
  if (!isValidAffiliateCode(input.code)) throw new Error("Not a referral code");
  const origin = new URL(input.origin).origin;
  const errors: ReferralLinkErrors = {};
  const checked = checkSitePath(input.path ?? "/");
  if (!checked.ok) errors.path = checked.message;

  const utm: UtmValues = {};
  for (const field of UTM_FIELDS) {
    const value = singleLine(input.utm?.[field] ?? "");
    if (!value) continue;
    if (Array.from(value).length > UTM_VALUE_MAX_LENGTH) {
      errors[field] = REFERRAL_LINK_MESSAGES.utmLength(field);
    } else {
      utm[field] = value;
    }
  }
  if (!checked.ok || Object.keys(errors).length > 0) return { ok: false, errors };

  const query = new URLSearchParams({ aff: input.code });
  for (const field of UTM_FIELDS) {
    const value = utm[field];
    if (value) query.set(field, value);
  }
  return { ok: true, link: `${origin}${checked.path}?${query}`, path: checked.path, utm };
}

/** The link to the home page: the one an affiliate shares most. */
export function mainReferralLink(origin: string, code: string): string {
  const built = buildReferralLink({ origin, code });
  if (!built.ok) throw new Error("The home page is always a valid referral path");
  return built.link;
}

/**
 * A link sent back by the browser (to draw its QR code), read as one of this affiliate's
 * referral links to this site and built again from its parts, so nothing else is ever
 * encoded: another site, another code, other query parameters or a fragment are refused.
 */
export function readReferralLink(
  link: string,
  own: { origin: string; code: string },
): { ok: true; link: string; path: string } | { ok: false; message: string } {
  const refused = { ok: false, message: REFERRAL_LINK_MESSAGES.notYours } as const;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return refused;
  }
  if (url.origin !== new URL(own.origin).origin || url.username || url.password || url.hash) {
    return refused;
  }
  const names = [...url.searchParams.keys()];
  if (new Set(names).size !== names.length) return refused;
  if (!names.every((name) => name === "aff" || (UTM_FIELDS as readonly string[]).includes(name))) {
    return refused;
  }
  if (url.searchParams.get("aff") !== own.code) return refused;

  const utm: UtmValues = {};
  for (const field of UTM_FIELDS) {
    const value = url.searchParams.get(field);
    if (value !== null) utm[field] = value;
  }
  const rebuilt = buildReferralLink({ ...own, path: url.pathname, utm });
  if (!rebuilt.ok) {
    return { ok: false, message: Object.values(rebuilt.errors)[0] ?? refused.message };
  }
  return { ok: true, link: rebuilt.link, path: rebuilt.path };
}

/**
 * A download's file name for a link's QR code: "referral-{code}-{page}.{format}", the page
 * as lower-case words ("home" for the home page). Only letters, digits and hyphens, so it
 * needs no quoting in a header.
 */
export function referralQrFileName(code: string, path: string, format: "png" | "svg"): string {
  const page =
    path
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60)
      .replace(/-+$/, "") || "home";
  const safeCode = code.replace(/[^A-Za-z0-9_-]/g, "");
  return `referral-${safeCode}-${page}.${format}`;
}

/** Where the portal serves a link's QR code as a file to download. */
export function referralQrHref(link: string, format: "png" | "svg"): string {
  return `/affiliate/links/qr?${new URLSearchParams({ format, link })}`;
}

/** What the link builder's form (a GET form) sends, as typed. */
export interface LinkBuilderValues {
  /** One of the suggested pages. */
  page: string;
  /** Any other path of the site; when filled in, it is used instead of `page`. */
  path: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  utm_content: string;
}

export const LINK_BUILDER_MESSAGES = {
  page: "Choose a page from the list, or enter another path.",
} as const;

/**
 * The link builder's query string: what was typed (to show it again) and, once the form
 * was sent, the link it makes or why a field is refused.
 */
export function readLinkBuilder(
  params: URLSearchParams,
  own: { origin: string; code: string },
): {
  values: LinkBuilderValues;
  outcome: ReferralLinkOutcome | { ok: false; errors: { page: string } } | null;
} {
  const typed = (name: keyof LinkBuilderValues) => params.get(name) ?? "";
  const values: LinkBuilderValues = {
    page: typed("page") || "/",
    path: typed("path"),
    utm_source: typed("utm_source"),
    utm_medium: typed("utm_medium"),
    utm_campaign: typed("utm_campaign"),
    utm_content: typed("utm_content"),
  };
  const sent = ["page", "path", ...UTM_FIELDS].some((name) => params.has(name));
  if (!sent) return { values, outcome: null };
  const freePath = values.path.trim();
  if (!freePath && !SUGGESTED_PAGES.some((page) => page.path === values.page)) {
    return { values, outcome: { ok: false, errors: { page: LINK_BUILDER_MESSAGES.page } } };
  }
  const outcome = buildReferralLink({
    ...own,
    path: freePath || values.page,
    utm: Object.fromEntries(UTM_FIELDS.map((field) => [field, values[field]])),
  });
  return { values, outcome };
}
