import { useEffect, useId, useRef, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";

/** Where the visitor's analytics choice is kept (the tracker reads the same key). */
export const ANALYTICS_OPT_OUT_KEY = "lumen_analytics_opt_out";
export const ANALYTICS_CONSENT_EVENT = "lumen:analytics-consent";

/**
 * The privacy controls' button and panel: analytics on or off, bot detection (always on)
 * and the privacy policy. The panel is a popover, so it opens, closes (either button) and
 * takes focus before the scripts start (docs/decisions/016-usable-before-scripts.md). It
 * stays open while the visitor moves on through the site (a manual popover: a click
 * elsewhere does not close it); Escape closes it once the scripts have started.
 * Large screens show the button floating in the corner; below them it would cover the page's
 * text, so it closes the page instead, under the footer.
 */
export function PrivacyPanel() {
  const panelId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <div className="bg-ink px-4 pb-6 sm:px-6 xl:fixed xl:bottom-4 xl:left-4 xl:z-30 xl:bg-transparent xl:p-0">
      <PrivacyControls id={panelId} trigger={trigger} />
      <button
        ref={trigger}
        type="button"
        popoverTarget={panelId}
        aria-controls={panelId}
        className="inline-flex size-12 items-center justify-center rounded-full border border-stone-200 bg-white text-ink shadow-(--shadow-card) hover:bg-stone-100"
      >
        <Icon name="shield-check" className="size-5" />
        <span className="sr-only">Privacy controls</span>
      </button>
    </div>
  );
}

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
 * The privacy controls themselves, a popover opened by the button of `PrivacyPanel`:
 * analytics on or off, bot detection (always on), and the privacy policy. The choice is
 * stored in the browser and announced with an event; the switch works once the scripts
 * have started (until then it shows the default).
 */
function PrivacyControls({
  id,
  trigger,
}: {
  id: string;
  trigger: React.RefObject<HTMLButtonElement | null>;
}) {
  const analyticsOn = useSyncExternalStore(subscribeToConsent, readAnalyticsOn, () => true);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const controls = panel.current;
    if (!controls) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && controls.matches(":popover-open")) controls.hidePopover();
    };
    // A manual popover gives focus back to no one: closed from inside (Escape, its X),
    // focus would fall to the top of the page, so it goes back to the button that opened it.
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState !== "closed") return;
      const focused = document.activeElement;
      if (!focused || focused === document.body || controls.contains(focused)) {
        trigger.current?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    controls.addEventListener("toggle", onToggle);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      controls.removeEventListener("toggle", onToggle);
    };
  }, [trigger]);
  return (
    <div
      ref={panel}
      id={id}
      popover="manual"
      role="dialog"
      aria-labelledby={`${id}-title`}
      className="fixed inset-auto bottom-20 left-4 m-0 w-72 rounded-(--radius-card) border border-stone-200 bg-white p-5 text-sm text-ink shadow-(--shadow-card)"
    >
      <div className="mb-4 flex items-center justify-between">
        <h2 id={`${id}-title`} className="font-sans text-base font-semibold">
          Privacy controls
        </h2>
        <button
          type="button"
          popoverTarget={id}
          popoverTargetAction="hide"
          // Inside a popover, autofocus applies when it opens, not on page load.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          className="inline-flex size-9 items-center justify-center rounded-full hover:bg-ink/5"
        >
          <Icon name="x" className="size-4" />
          <span className="sr-only">Close privacy controls</span>
        </button>
      </div>
      {/* With scripts turned off no analytics run and the switch could do nothing: the
          panel says so instead (the scripting media feature; browsers without it show the
          switch). */}
      <p className="hidden border-b border-stone-200 pb-3 [@media(scripting:none)]:block">
        Analytics: off. They need JavaScript, which is turned off in this browser, so nothing is
        counted.
      </p>
      <div className="flex items-center justify-between gap-4 border-b border-stone-200 pb-3 [@media(scripting:none)]:hidden">
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
