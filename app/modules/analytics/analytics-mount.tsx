import { useEffect } from "react";
import { useLocation } from "react-router";
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

  useEffect(() => {
    const start = () => {
      import("./tracker/tracker").then((tracker) => tracker.startTracker()).catch(() => undefined);
      import("./bot-detection.client")
        .then((check) => check.detectBot())
        .then(publishBotDetection, (error: unknown) =>
          publishBotDetection({ ...BOT_DETECTION_LOADING, isLoading: false, error: String(error) }),
        )
        // Marked for tests and monitoring to wait on, as data-hydrated is.
        .finally(() => (document.documentElement.dataset.botChecked = "true"));
    };
    if (typeof requestIdleCallback === "function") {
      requestIdleCallback(start, { timeout: TRACKER_TIMINGS.idleTimeoutMs });
    } else setTimeout(start, TRACKER_TIMINGS.idleFallbackMs);
  }, []);

  useEffect(() => {
    if (!/^\/admin(\/|$)/.test(pathname)) pageView();
  }, [pathname, search]);

  return null;
}
