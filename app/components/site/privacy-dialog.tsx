import { useEffect, useRef, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { ANALYTICS_CONSENT_EVENT, ANALYTICS_OPT_OUT_KEY } from "./privacy-panel";

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

function setAnalytics(on: boolean): void {
  try {
    if (on) window.localStorage.removeItem(ANALYTICS_OPT_OUT_KEY);
    else window.localStorage.setItem(ANALYTICS_OPT_OUT_KEY, "1");
  } catch {
    // The choice still applies to this page view.
  }
  window.dispatchEvent(new CustomEvent(ANALYTICS_CONSENT_EVENT, { detail: { analytics: on } }));
}

/**
 * The privacy controls themselves: analytics on or off, bot detection (always on), and
 * the privacy policy. Loaded when the visitor opens them; the choice is stored in the
 * browser and announced with an event.
 */
/** `onClose` must be stable (it is an effect's dependency). */
export default function PrivacyDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const analyticsOn = useSyncExternalStore(subscribeToConsent, readAnalyticsOn, () => true);
  const panel = useRef<HTMLDivElement>(null);
  // Focus moves into the controls once, when they open; Escape closes them.
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>("button, a[href]")?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [onClose]);

  return (
    <div
      ref={panel}
      id={id}
      role="dialog"
      aria-labelledby={`${id}-title`}
      className="w-72 rounded-(--radius-card) border border-stone-200 bg-white p-5 text-sm shadow-(--shadow-card)"
    >
      <div className="mb-4 flex items-center justify-between">
        <h2 id={`${id}-title`} className="font-sans text-base font-semibold">
          Privacy controls
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="inline-flex size-9 items-center justify-center rounded-full hover:bg-ink/5"
        >
          <Icon name="x" className="size-4" />
          <span className="sr-only">Close privacy controls</span>
        </button>
      </div>
      <div className="flex items-center justify-between gap-4 border-b border-stone-200 pb-3">
        <span id={`${id}-analytics`}>Analytics</span>
        <button
          type="button"
          role="switch"
          aria-checked={analyticsOn}
          aria-labelledby={`${id}-analytics`}
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
  );
}
