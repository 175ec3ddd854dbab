/**
 * Which answers the page cache may keep and share between visitors
 * (docs/decisions/015-page-cache.md). The cache itself is server/page-cache.ts.
 */

/** The NOTIFY channel on which any instance says "public pages changed". */
export const PAGE_CACHE_CHANNEL = "lumen_page_cache";

/** Set by the app on an answer it allows the cache to keep; never sent to a client. */
export const PAGE_CACHE_MARK = "x-lumen-page-cache";

/**
 * Public pages whose HTML is the same for every visitor. Left out: the staff area, the
 * partner portal, APIs and QR scans, and the pages whose form carries a token of their own
 * or whose answer is made for one visitor (the thank-you greeting, a left review's thanks,
 * the giveaway's entry form).
 */
const NOT_SHARED =
  /^\/?(admin|affiliate|api|q|media|qr-analytics|thank-you|leave-review|giveaway$)(\/|$)/;

/** Whether the route matched (its pattern, e.g. "/bathrooms" or "blog/:slug") may be kept. */
export const isShareablePage = (pattern: string): boolean => !NOT_SHARED.test(pattern);
