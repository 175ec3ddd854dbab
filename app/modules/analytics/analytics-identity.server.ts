import { parseCookie } from "cookie";
import { ANALYTICS_SESSION_COOKIE, ANALYTICS_VISITOR_COOKIE } from "./event-catalogue";

/** The tracker's ids: random, made in the browser, never personal data. */
const TRACKER_ID = /^[A-Za-z0-9-]{8,64}$/;

/** Do-Not-Track or Global Privacy Control: the visitor asked not to be followed. */
export function asksNotToBeTracked(request: Request): boolean {
  return request.headers.get("dnt") === "1" || request.headers.get("sec-gpc") === "1";
}

/**
 * The tracker's visitor and session ids from its cookies, for the server's own records of a
 * visit (the consultation request's event). None when the request asks not to be tracked;
 * an opted-out browser has deleted the cookies (docs/decisions/013).
 */
export function analyticsIdentity(request: Request): {
  visitorId: string | undefined;
  sessionId: string | undefined;
} {
  if (asksNotToBeTracked(request)) return { visitorId: undefined, sessionId: undefined };
  const cookies = parseCookie(request.headers.get("cookie") ?? "");
  const id = (value: string | undefined) => (value && TRACKER_ID.test(value) ? value : undefined);
  return {
    visitorId: id(cookies[ANALYTICS_VISITOR_COOKIE]),
    sessionId: id(cookies[ANALYTICS_SESSION_COOKIE]),
  };
}
