import { useEffect, useRef, useSyncExternalStore } from "react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { isAllowed } from "~/modules/analytics/bot-score";
import { BLOCK_EXPLANATION, BLOCK_RETRY, BLOCK_TITLE } from "~/modules/analytics/bot-block";
import { currentBotDetection, subscribeToBotDetection } from "~/modules/analytics/track";

/**
 * Whether bot protection (on in settings) refuses this visitor (docs/REQUIREMENTS.md R4.2,
 * R5.14). Until the browser's check has run the page stays as it is: the check waits for
 * the page to be idle, so it never delays the first paint.
 */
export function useBotBlocked(protectionOn: boolean): boolean {
  // A yes or no, not the whole result: the check's arrival re-renders the page (a long task
  // on a slow phone) only when it changes the answer.
  return useSyncExternalStore(
    subscribeToBotDetection,
    () => {
      const detection = currentBotDetection();
      return protectionOn && !detection.isLoading && !isAllowed(detection, true);
    },
    () => false,
  );
}

/** 'Access Restricted' (R8.4), in place of the page; 'Try Again' runs the check again. */
export function BotBlockScreen() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-5 px-6 py-20 text-center">
      <Icon name="shield-check" className="size-10 text-brass" />
      <h1 ref={heading} tabIndex={-1} className="text-3xl outline-none sm:text-4xl">
        {BLOCK_TITLE}
      </h1>
      <p className="text-lg text-ink-soft">{BLOCK_EXPLANATION}</p>
      <Button type="button" size="lg" onClick={() => window.location.reload()}>
        <Icon name="rotate-cw" className="size-5" />
        {BLOCK_RETRY}
      </Button>
    </main>
  );
}
