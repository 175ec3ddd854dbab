import { data } from "react-router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request sent from another site (CSRF): its Origin must be ours,
 * or, when a client sends no Origin, neither Sec-Fetch-Site nor the Referer may say it
 * came from elsewhere. Requests from non-browser clients carry none of them and cannot
 * ride on a visitor's cookies.
 */
export function refuseCrossSite(request: Request, publicOrigin: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("origin");
  const own = new Set([publicOrigin, new URL(request.url).origin]);
  const crossSite = origin
    ? !own.has(origin)
    : request.headers.get("sec-fetch-site") === "cross-site" ||
      refererIsElsewhere(request.headers.get("referer"), own);
  if (crossSite) {
    throw data(
      { reason: "cross_site" as const },
      { status: 403, statusText: "Cross-site request refused" },
    );
  }
}

/** A Referer from another origin, or one that is no address at all. */
function refererIsElsewhere(referer: string | null, own: ReadonlySet<string>): boolean {
  if (!referer) return false;
  try {
    return !own.has(new URL(referer).origin);
  } catch {
    return true;
  }
}
