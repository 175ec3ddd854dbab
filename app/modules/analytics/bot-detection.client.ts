import { load } from "@fingerprintjs/botd";
import { ANALYTICS_VISITOR_COOKIE } from "./event-catalogue";
import { AUTOMATION_GLOBALS, browserDetection, type BrowserFacts } from "./browser-signals";
import type { BotDetection } from "./track";

/**
 * Runs the browser's bot check (docs/REQUIREMENTS.md R4.2): the open-source BotD detector
 * (monitoring off: nothing leaves the page) and our own signals, scored by bot-score.ts.
 * Loaded in its own chunk once the page is idle. A failure of BotD is reported as the
 * result's `error`, and the other signals still count.
 */
export async function detectBot(): Promise<BotDetection> {
  let error: string | undefined;
  let botd: BrowserFacts["botd"];
  try {
    const detector = await load({ monitoring: false });
    // Collecting and judging are two pieces of work: one task each keeps both short on a
    // slow phone (docs/decisions/013).
    await nextIdle();
    const result = detector.detect();
    botd = result.bot ? { bot: true, botKind: String(result.botKind) } : { bot: false };
  } catch (caught) {
    error = caught instanceof Error ? caught.message : String(caught);
  }
  const storageQuota = await navigator.storage
    ?.estimate?.()
    .then((estimate) => estimate.quota)
    .catch(() => undefined);
  const facts: BrowserFacts = {
    userAgent: navigator.userAgent,
    webdriver: navigator.webdriver,
    automationGlobals: AUTOMATION_GLOBALS.filter((name) => name in window),
    storageQuota,
    persistable: persistable(),
    botd,
  };
  return browserDetection(facts, visitorId(), error);
}

/** Resolves when the browser is next idle (or at once where idle callbacks are missing). */
function nextIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve());
    else setTimeout(resolve, 0);
  });
}

/** Whether an id can be kept in this browser: a cookie or local storage that works. */
function persistable(): boolean {
  try {
    localStorage.setItem("lumen_storage_check", "1");
    localStorage.removeItem("lumen_storage_check");
    return true;
  } catch {
    return navigator.cookieEnabled;
  }
}

/** The tracker's visitor id, when it keeps one (not while opted out or under Do-Not-Track). */
function visitorId(): string | undefined {
  return document.cookie.match(new RegExp(`(?:^|; )${ANALYTICS_VISITOR_COOKIE}=([^;]*)`))?.[1];
}
