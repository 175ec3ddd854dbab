import { useEffect, useSyncExternalStore } from "react";
import type { BotSignals, BotType } from "./bot-score";
import type { TrackerEventName } from "./event-catalogue";

/**
 * What pages use of analytics (docs/REQUIREMENTS.md R7.4, R3.4): `track()` and the page
 * view, which queue here until the tracker (app/modules/analytics/tracker, loaded once the
 * browser is idle) takes them, and the browser's bot verdict once it is known. Small on
 * purpose: it ships with every page, the tracker does not (docs/decisions/013).
 *
 * There are no feature flags on this site, so nothing sends `feature_flags`.
 * `contact_form_submission` and `review_submission` are written by the server in the
 * transaction of the lead or review they count, never here.
 */

export type EventProps = Record<string, string | number | boolean | null>;

/** One event as the tracker sends it (app/modules/analytics/events.schema.ts). */
export interface QueuedEvent {
  name: TrackerEventName;
  path: string;
  search?: string;
  hash?: string;
  referrer?: string;
  screen?: string;
  ts: number;
  props?: EventProps;
}

/** Events a page may send itself; page views and identification have their own calls. */
export type PageEventName = Exclude<TrackerEventName, "page_view" | "identify" | "feature_flags">;

/** Events waiting for the tracker; a page that never loads it keeps at most this many. */
const PENDING_LIMIT = 100;
let sink: ((event: QueuedEvent) => void) | undefined;
let pending: QueuedEvent[] = [];
let lastHref: string | undefined;

function emit(event: QueuedEvent): void {
  if (sink) sink(event);
  else if (pending.length < PENDING_LIMIT) pending.push(event);
}

/**
 * Records an event (never personal data in `props`). QR-code generation calls this:
 * `track("qr_code_generation")`.
 */
export function track(name: PageEventName, props?: EventProps): void {
  emit({ name, path: location.pathname, ts: Date.now(), props });
}

/** The page now shown; its referrer is the previous page of this visit, or the document's. */
export function pageView(): void {
  const { pathname, search, hash, href } = location;
  emit({
    name: "page_view",
    path: pathname,
    search,
    hash,
    referrer: lastHref ?? document.referrer,
    ts: Date.now(),
  });
  lastHref = href;
}

/** Who is signed in (an account id, no e-mail or name); the tracker sends it once a session. */
export function identify(kind: "affiliate" | "staff", id: string): void {
  emit({ name: "identify", path: location.pathname, ts: Date.now(), props: { kind, id } });
}

/** The path of the page before this one: of the last page view, or of the document's referrer. */
export function previousPath(): string | undefined {
  const from = lastHref ?? document.referrer;
  if (!from) return undefined;
  try {
    const url = new URL(from);
    return url.origin === location.origin ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

/** The tracker takes over: what waited is handed to it in order. */
export function connectTracker(receive: (event: QueuedEvent) => void): void {
  sink = receive;
  const waiting = pending;
  pending = [];
  for (const event of waiting) receive(event);
}

/** Sends `name` once each time `when` turns true (e.g. a form's success screen). */
export function useTrackWhen(name: PageEventName, when: boolean): void {
  useEffect(() => {
    if (when) track(name);
  }, [name, when]);
}

/** Identifies the signed-in account for this layout's pages (sent once a session). */
export function useIdentify(kind: "affiliate" | "staff", id: string): void {
  useEffect(() => identify(kind, id), [kind, id]);
}

/**
 * The partner portal's pages: identifies the partner, and counts a sign-in when they
 * arrive from the sign-in pages (the portal is where a successful sign-in leads).
 */
export function usePortalAnalytics(affiliateId: string): void {
  useEffect(() => {
    if (/^\/affiliate\/login(\/two-factor)?\/?$/.test(previousPath() ?? "")) {
      track("affiliate_login");
    }
    identify("affiliate", affiliateId);
  }, [affiliateId]);
}

/** The bot detection result (docs/REQUIREMENTS.md R3.4). */
export interface BotDetection {
  isBot: boolean;
  confidence: number;
  visitorId?: string;
  botType: BotType;
  isLoading: boolean;
  error?: string;
  rawData?: { score: number; signals: BotSignals; botKind?: string };
}

export const BOT_DETECTION_LOADING: BotDetection = {
  isBot: false,
  confidence: 0,
  botType: "human",
  isLoading: true,
};

let detection = BOT_DETECTION_LOADING;
const listeners = new Set<() => void>();

export function publishBotDetection(result: BotDetection): void {
  detection = result;
  for (const listener of listeners) listener();
}

export function currentBotDetection(): BotDetection {
  return detection;
}

export function subscribeToBotDetection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The browser's bot check: loading until it has run (after the page is idle). */
export function useBotDetection(): BotDetection {
  return useSyncExternalStore(
    subscribeToBotDetection,
    currentBotDetection,
    () => BOT_DETECTION_LOADING,
  );
}
