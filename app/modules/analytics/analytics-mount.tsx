import { useEffect } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { TRACKER_TIMINGS } from "./event-catalogue";
import { BOT_DETECTION_LOADING, pageView, publishBotDetection } from "./track";

/**
 * Starts analytics and the browser's bot check once the browser is idle
 * (docs/REQUIREMENTS.md R4.3: an idle callback with a 2 s time-out, or 100 ms where idle
 * callbacks are missing), each from its own lazy chunk, and reports every page shown,
 * first and after each client-side navigation, as a page view. The staff area's pages are
 * not counted. A failure to start is silent.
 */
export function AnalyticsMount() {
  const { pathname, search } = useLocation();
  const protectionOn = useProtectionOn();

  useEffect(() => {
    const checkBot = () => {
      import("./bot-detection.client")
        .then((check) => check.detectBot())
        .then(publishBotDetection, (error: unknown) =>
          publishBotDetection({ ...BOT_DETECTION_LOADING, isLoading: false, error: String(error) }),
        )
        // Marked for tests and monitoring to wait on, as data-hydrated is.
        .finally(() => (document.documentElement.dataset.botChecked = "true"));
    };
    const start = () => {
      import("./tracker/tracker").then((tracker) => tracker.startTracker()).catch(() => undefined);
      // With protection on, the check decides what the visitor sees: it runs at once. Off, it
      // only labels analytics, so it waits for the visitor's first move or a few seconds and
      // never competes with the page's start on a slow phone (docs/decisions/013).
      if (protectionOn) checkBot();
      else afterFirstMoveOrDelay(checkBot, BOT_CHECK_DELAY_MS);
    };
    // Idle counts from the page's load: the page's own images and scripts come first.
    const whenIdle = () => {
      if (typeof requestIdleCallback === "function") {
        requestIdleCallback(start, { timeout: TRACKER_TIMINGS.idleTimeoutMs });
      } else setTimeout(start, TRACKER_TIMINGS.idleFallbackMs);
    };
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
    // Started once per page load; a later change of the setting applies on the next load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!/^\/admin(\/|$)/.test(pathname)) pageView();
  }, [pathname, search]);

  return null;
}

/** How long the bot check waits for a first move when protection is off. */
const BOT_CHECK_DELAY_MS = 6_000;
const FIRST_MOVES = ["pointerdown", "keydown", "scroll", "touchstart"] as const;

/** Runs `run` once: at the visitor's first move, or after `delayMs`, whichever comes first. */
function afterFirstMoveOrDelay(run: () => void, delayMs: number): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    for (const type of FIRST_MOVES) window.removeEventListener(type, once, true);
    run();
  };
  const timer = setTimeout(once, delayMs);
  for (const type of FIRST_MOVES) {
    window.addEventListener(type, once, { capture: true, passive: true, once: true });
  }
}

/** Whether bot protection is on, as the site's or the portal's layout says. */
function useProtectionOn(): boolean {
  const site = useRouteLoaderData<{ botProtection?: boolean }>("routes/_site/layout");
  const portal = useRouteLoaderData<{ botProtection?: boolean }>("routes/affiliate/layout");
  return Boolean(site?.botProtection ?? portal?.botProtection);
}
