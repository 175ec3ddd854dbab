import { ANALYTICS_CONSENT_EVENT, ANALYTICS_OPT_OUT_KEY } from "~/components/site/privacy-panel";
import {
  ANALYTICS_COOKIE_MAX_AGE_SECONDS,
  ANALYTICS_SESSION_COOKIE,
  ANALYTICS_VISITOR_COOKIE,
  EVENT_LIMITS,
  EVENTS_ENDPOINT,
  TRACKER_TIMINGS as T,
} from "../event-catalogue";
import { connectTracker, currentBotDetection, track, type QueuedEvent } from "../track";
import { trackingAllowed } from "./consent";
import { fullBucket, takeToken } from "./rate-limit";
import { retryable, retryDelay } from "./retry";
import { nextSession, type Session } from "./session";

/**
 * The first-party tracker (docs/REQUIREMENTS.md R4.3, R7.4, R9.6; docs/decisions/013): its
 * own lazy chunk, at most 3 KB gzipped (scripts/build.mjs fails the build above that).
 * Events are batched and sent every 3 s with fetch (gzip when the browser can), and with
 * sendBeacon when the page goes away. Nothing is stored or sent while the visitor opted
 * out or the browser asks for Do-Not-Track.
 */

const VISITOR_KEY = "lumen_analytics_visitor";
const SESSION_KEY = "lumen_analytics_session";
const IDENTIFIED_KEY = "lumen_analytics_identified";
/** Events kept while the server cannot be reached; the oldest go first. */
const QUEUE_LIMIT = 1_000;
const ID = /^[A-Za-z0-9-]{8,64}$/;

type PrivacyNavigator = Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };

let started = false;
/** Events the rate limit refused (R9.6), kept for diagnosis. */
export let droppedEvents = 0;

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value?: string): void {
  try {
    if (value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be blocked: the cookie alone keeps the id.
  }
}

function cookie(name: string): string | undefined {
  return document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`))?.[1];
}

function setCookie(name: string, value: string, maxAge?: number): void {
  document.cookie = `${name}=${value};path=/;SameSite=Lax${maxAge === undefined ? "" : `;max-age=${maxAge}`}${location.protocol === "https:" ? ";Secure" : ""}`;
}

function uuid(): string {
  return crypto.randomUUID
    ? crypto.randomUUID()
    : "10000000-1000-4000-8000-100000000000".replace(/[018]/g, (c) =>
        (+c ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (+c / 4)))).toString(16),
      );
}

function allowed(): boolean {
  const nav = navigator as PrivacyNavigator;
  return trackingAllowed({
    optOut: stored(ANALYTICS_OPT_OUT_KEY),
    doNotTrack: [nav.doNotTrack, (window as { doNotTrack?: string }).doNotTrack, nav.msDoNotTrack],
    globalPrivacyControl: nav.globalPrivacyControl,
  });
}

async function post(json: string): Promise<number> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  let body: BodyInit = json;
  if (typeof CompressionStream === "function") {
    body = await new Response(
      new Blob([json]).stream().pipeThrough(new CompressionStream("gzip")),
    ).arrayBuffer();
    headers["content-encoding"] = "gzip";
  }
  const answer = await fetch(EVENTS_ENDPOINT, {
    method: "POST",
    headers,
    body,
    keepalive: true,
    // Browsers without AbortSignal.timeout (before Safari 16) wait for the answer.
    signal: AbortSignal.timeout?.(T.requestTimeoutMs),
  });
  return answer.status;
}

export function startTracker(): void {
  if (started) return;
  started = true;
  let queue: QueuedEvent[] = [];
  let bucket = fullBucket(T.burst, Date.now());
  let visitorId: string | undefined;
  let session: Session | undefined;
  let retries = 0;
  let waitUntil = 0;
  let sending = false;
  let formStarted = false;

  /** Opted out (now or in another tab): nothing queued, no ids kept. */
  const forget = () => {
    queue = [];
    visitorId = session = undefined;
    setCookie(ANALYTICS_VISITOR_COOKIE, "", 0);
    setCookie(ANALYTICS_SESSION_COOKIE, "", 0);
    for (const key of [VISITOR_KEY, SESSION_KEY, IDENTIFIED_KEY]) store(key);
  };

  const keepIds = (now: number) => {
    const known = visitorId ?? cookie(ANALYTICS_VISITOR_COOKIE) ?? stored(VISITOR_KEY);
    visitorId = known && ID.test(known) ? known : uuid();
    setCookie(ANALYTICS_VISITOR_COOKIE, visitorId, ANALYTICS_COOKIE_MAX_AGE_SECONDS);
    store(VISITOR_KEY, visitorId);
    let times: Partial<Session> = {};
    try {
      times = JSON.parse(stored(SESSION_KEY) ?? "{}") as Partial<Session>;
    } catch {
      // A damaged entry starts a new session.
    }
    const sessionId = cookie(ANALYTICS_SESSION_COOKIE);
    session = nextSession(
      { ...times, id: sessionId && ID.test(sessionId) ? sessionId : undefined },
      now,
      uuid,
      T.sessionIdleMs,
      T.sessionMaxMs,
    );
    setCookie(ANALYTICS_SESSION_COOKIE, session.id);
    store(SESSION_KEY, JSON.stringify({ started: session.started, last: session.last }));
  };

  const receive = (event: QueuedEvent) => {
    // The staff area is not counted: only who signs in to it (R7.4's "identify user").
    if (!allowed() || (/^\/admin(\/|$)/.test(event.path) && event.name !== "identify")) return;
    const now = Date.now();
    const taken = takeToken(bucket, now, T.eventsPerSecond, T.burst);
    bucket = taken.bucket;
    if (!taken.ok) {
      droppedEvents += 1;
      return;
    }
    keepIds(now);
    // A longer address would have the server refuse the whole batch.
    for (const key of ["path", "search", "hash", "referrer"] as const) {
      const value = event[key];
      if (value) event[key] = value.slice(0, EVENT_LIMITS.url);
    }
    if (event.name === "page_view") {
      formStarted = false;
      event.screen = `${screen.width}x${screen.height}`;
    }
    if (event.name === "identify") {
      // Once a session (R7.4's "identify user").
      const key = `${session!.id} ${JSON.stringify(event.props)}`;
      if (stored(IDENTIFIED_KEY) === key) return;
      store(IDENTIFIED_KEY, key);
    }
    queue.push(event);
    if (queue.length > QUEUE_LIMIT) queue.splice(0, queue.length - QUEUE_LIMIT);
    if (queue.length >= EVENT_LIMITS.batchEvents) void flush();
  };

  const batch = (events: QueuedEvent[]) => {
    const detection = currentBotDetection();
    return JSON.stringify({
      visitorId,
      sessionId: session?.id,
      bot: detection.isLoading
        ? undefined
        : { isBot: detection.isBot, confidence: detection.confidence, botType: detection.botType },
      events,
    });
  };

  const flush = async () => {
    if (!allowed()) return forget();
    if (sending || !queue.length || Date.now() < waitUntil) return;
    const events = queue.splice(0, EVENT_LIMITS.batchEvents);
    sending = true;
    let status: number | undefined;
    try {
      status = await post(batch(events));
    } catch {
      // Offline, timed out or refused by the browser: retried below.
    }
    sending = false;
    // After a rate-limit answer the tracker waits 60 s (R9.6); the batch, a 4xx, is dropped.
    if (status === 429) waitUntil = Date.now() + T.rateLimitPauseMs;
    const wait = retryable(status)
      ? retryDelay(++retries, T.retryFirstMs, T.retryMaxMs, T.retryAttempts)
      : undefined;
    if (wait === undefined) retries = 0;
    else if (allowed()) {
      queue.unshift(...events);
      waitUntil = Date.now() + wait;
    }
  };

  // The page goes away: what is queued leaves with the browser's beacon (text/plain JSON).
  addEventListener("pagehide", () => {
    if (!allowed()) return;
    while (queue.length) navigator.sendBeacon(EVENTS_ENDPOINT, batch(queue.splice(0, 100)));
  });
  const onChoice = () => {
    if (!allowed()) forget();
  };
  addEventListener(ANALYTICS_CONSENT_EVENT, onChoice);
  addEventListener("storage", onChoice);
  onChoice();

  // Clicks on phone links and on marked links (data-track), anywhere on the page.
  document.addEventListener(
    "click",
    (event) => {
      const link = (event.target as Element | null)?.closest?.("a[href^='tel:'],[data-track]");
      const name = link?.getAttribute("data-track");
      if (link?.matches("a[href^='tel:']")) track("phone_click");
      else if (name === "quote_request") track(name);
      else if (name === "service_interest") {
        track(name, { service: link!.getAttribute("data-service") });
      }
    },
    true,
  );
  // The consultation form: its first focus or input in a page view, and the service chosen
  // (its only value that is sent: the others are personal).
  const inForm = (event: Event) => (event.target as Element | null)?.closest?.("form.lead-form");
  const onFormStart = (event: Event) => {
    if (formStarted || !inForm(event)) return;
    formStarted = true;
    track("form_start");
  };
  document.addEventListener("focusin", onFormStart);
  document.addEventListener("input", onFormStart);
  document.addEventListener("change", (event) => {
    const field = event.target as HTMLSelectElement;
    if (field.name === "service" && field.value && inForm(event)) {
      track("service_interest", { service: field.value });
    }
  });

  connectTracker(receive);
  setInterval(() => void flush(), T.flushMs);
}
