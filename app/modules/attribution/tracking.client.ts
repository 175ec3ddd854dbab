import {
  cleanTrackingParams,
  hasTrackingParams,
  TRACKING_COOKIES,
  TRACKING_STORAGE_KEY,
  trackingParamsFromUrl,
  type TrackingParams,
} from "./tracking";

/** Reads a cookie the browser can see. */
export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split("; ")) {
    const [key, ...rest] = part.split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // Blocked storage (private modes, strict settings).
  }
}

/** Keeps the landing's tracking parameters under one storage key (docs/REQUIREMENTS.md R3.2). */
export function captureTrackingParams(url: URL = new URL(window.location.href)): void {
  const params = trackingParamsFromUrl(url.searchParams);
  if (hasTrackingParams(params)) storage()?.setItem(TRACKING_STORAGE_KEY, JSON.stringify(params));
}

/** The kept parameters plus ga, fbc, fbp and the user agent, for a form submission. */
export function storedTrackingParams(): TrackingParams {
  let stored: unknown = {};
  try {
    stored = JSON.parse(storage()?.getItem(TRACKING_STORAGE_KEY) ?? "{}");
  } catch {
    stored = {};
  }
  return cleanTrackingParams({
    ...(stored as object),
    ga: readCookie(TRACKING_COOKIES.ga),
    fbc: readCookie(TRACKING_COOKIES.fbc),
    fbp: readCookie(TRACKING_COOKIES.fbp),
    userAgent: navigator.userAgent,
  });
}
