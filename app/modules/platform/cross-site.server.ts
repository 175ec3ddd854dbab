import { data } from "react-router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request sent from another site (CSRF): its Origin must be ours,
 * or, when a browser sends no Origin, Sec-Fetch-Site must not say cross-site. Requests from
 * non-browser clients carry neither and cannot ride on a visitor's cookies.
 */
export function refuseCrossSite(request: Request, publicOrigin: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("origin");
  const own = new Set([publicOrigin, new URL(request.url).origin]);
  const crossSite = origin
    ? !own.has(origin)
    : request.headers.get("sec-fetch-site") === "cross-site";
  if (crossSite) {
    throw data(
      { reason: "cross_site" as const },
      { status: 403, statusText: "Cross-site request refused" },
    );
  }
}
