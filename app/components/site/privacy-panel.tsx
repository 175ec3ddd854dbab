import { lazy, Suspense, useCallback, useId, useRef, useState } from "react";
import { Icon } from "~/components/ui/icon";

/** Where the visitor's analytics choice is kept (the tracker reads the same key). */
export const ANALYTICS_OPT_OUT_KEY = "lumen_analytics_opt_out";
export const ANALYTICS_CONSENT_EVENT = "lumen:analytics-consent";

const PrivacyDialog = lazy(() => import("./privacy-dialog"));

/**
 * Floating privacy controls: a button that opens analytics on or off, bot detection
 * (always on) and the privacy policy. The controls load when first opened.
 */
export function PrivacyPanel() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    toggle.current?.focus();
  }, []);

  return (
    <div className="fixed bottom-4 left-4 z-30 flex flex-col items-start gap-3">
      {open && (
        <Suspense fallback={null}>
          <PrivacyDialog id={panelId} onClose={close} />
        </Suspense>
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
