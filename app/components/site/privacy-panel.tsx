import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";

/** Where the visitor's analytics choice is kept (the tracker reads the same key). */
export const ANALYTICS_OPT_OUT_KEY = "lumen_analytics_opt_out";
export const ANALYTICS_CONSENT_EVENT = "lumen:analytics-consent";

/** The stored choice; analytics stay on unless the visitor turned them off. */
function readAnalyticsOn(): boolean {
  try {
    return window.localStorage.getItem(ANALYTICS_OPT_OUT_KEY) !== "1";
  } catch {
    return true; // Storage can be blocked; the default stands.
  }
}

function subscribeToConsent(onChange: () => void): () => void {
  window.addEventListener(ANALYTICS_CONSENT_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(ANALYTICS_CONSENT_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/**
 * Floating privacy controls: analytics on or off, bot detection (always on), and the
 * privacy policy. The choice is stored in the browser and announced with an event.
 */
export function PrivacyPanel() {
  const [open, setOpen] = useState(false);
  const analyticsOn = useSyncExternalStore(subscribeToConsent, readAnalyticsOn, () => true);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>("button, a[href]")?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  const setAnalytics = (on: boolean) => {
    try {
      if (on) window.localStorage.removeItem(ANALYTICS_OPT_OUT_KEY);
      else window.localStorage.setItem(ANALYTICS_OPT_OUT_KEY, "1");
    } catch {
      // The choice still applies to this page view.
    }
    window.dispatchEvent(new CustomEvent(ANALYTICS_CONSENT_EVENT, { detail: { analytics: on } }));
  };

  return (
    <div className="fixed bottom-4 left-4 z-30 flex flex-col items-start gap-3">
      {open && (
        <div
          ref={panel}
          id={panelId}
          role="dialog"
          aria-labelledby={`${panelId}-title`}
          className="w-72 rounded-(--radius-card) border border-stone-200 bg-white p-5 text-sm shadow-(--shadow-card)"
        >
          <div className="mb-4 flex items-center justify-between">
            <h2 id={`${panelId}-title`} className="font-sans text-base font-semibold">
              Privacy controls
            </h2>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                toggle.current?.focus();
              }}
              className="inline-flex size-9 items-center justify-center rounded-full hover:bg-ink/5"
            >
              <Icon name="x" className="size-4" />
              <span className="sr-only">Close privacy controls</span>
            </button>
          </div>
          <div className="flex items-center justify-between gap-4 border-b border-stone-200 pb-3">
            <span id={`${panelId}-analytics`}>Analytics</span>
            <button
              type="button"
              role="switch"
              aria-checked={analyticsOn}
              aria-labelledby={`${panelId}-analytics`}
              onClick={() => setAnalytics(!analyticsOn)}
              className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors ${
                analyticsOn ? "bg-sage" : "bg-stone-300"
              }`}
            >
              <span
                aria-hidden="true"
                className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
                  analyticsOn ? "translate-x-6" : "translate-x-1"
                }`}
              />
            </button>
          </div>
          <div className="flex items-center justify-between gap-4 border-b border-stone-200 py-3">
            <span>Bot detection</span>
            <span className="font-semibold text-sage">Always on</span>
          </div>
          <p className="pt-3 text-muted">
            We use first-party analytics only. Read our{" "}
            <Link to="/privacy-policy" className="font-semibold text-brass underline">
              privacy policy
            </Link>
            .
          </p>
        </div>
      )}
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex size-12 items-center justify-center rounded-full border border-stone-200 bg-white text-ink shadow-(--shadow-card) hover:bg-stone-100"
      >
        <Icon name="shield-check" className="size-5" />
        <span className="sr-only">Privacy controls</span>
      </button>
    </div>
  );
}
