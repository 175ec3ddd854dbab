import {
  botVerdict,
  HEADLESS_USER_AGENT,
  LOW_FINGERPRINT_CONFIDENCE,
  SEARCH_ENGINE_USER_AGENT,
  type BotSignals,
} from "./bot-score";
import type { BotDetection } from "./track";

/**
 * The browser's half of bot detection (docs/REQUIREMENTS.md R3.4, R4.2, R9.2;
 * docs/decisions/013): what bot-detection.client.ts reads from the browser, turned into the
 * signals of the shared score. Pure, so the rules are tested without a browser.
 */

/** Globals that automation tools leave on the page (Selenium, PhantomJS, Nightmare, Playwright, Cypress). */
export const AUTOMATION_GLOBALS = [
  "__nightmare",
  "_phantom",
  "callPhantom",
  "__selenium_unwrapped",
  "__webdriver_evaluate",
  "__driver_evaluate",
  "__webdriver_script_fn",
  "__fxdriver_unwrapped",
  "domAutomation",
  "domAutomationController",
  "__playwright__binding__",
  "__pwInitScripts",
  "Cypress",
] as const;

/**
 * Incognito, by a heuristic: private windows give a site a small storage quota (Chrome
 * about 100 MB, where a normal profile gets a share of the disk, gigabytes; Safari's and
 * Firefox's private modes are smaller still). Below 120 MB counts as the incognito signal.
 * It is a weak signal (weight 0.2, R9.2) on purpose: a nearly full disk looks the same.
 */
export const INCOGNITO_QUOTA_BYTES = 120 * 1024 * 1024;

export interface BrowserFacts {
  userAgent: string;
  /** navigator.webdriver. */
  webdriver: boolean | undefined;
  /** Which of AUTOMATION_GLOBALS the page has. */
  automationGlobals: readonly string[];
  /** navigator.storage.estimate()'s quota, when the browser tells it. */
  storageQuota: number | undefined;
  /** Whether the visitor id can be kept: cookies or local storage work. */
  persistable: boolean;
  /** The open-source detector's (BotD) answer, when it ran. */
  botd: { bot: boolean; botKind?: string } | undefined;
}

/**
 * How far the visitor id can be trusted to name the same browser next time. We have no
 * paid fingerprinting: an id that can be kept (cookie or storage) is trusted (1); one that
 * cannot, and so is new on every page, is not (0), below R9.2's 0.5.
 */
export function fingerprintConfidence(persistable: boolean): number {
  return persistable ? 1 : 0;
}

export function browserSignals(facts: BrowserFacts): BotSignals {
  return {
    botDetected: facts.botd?.bot === true,
    automation: facts.webdriver === true || facts.automationGlobals.length > 0,
    headlessUserAgent: HEADLESS_USER_AGENT.test(facts.userAgent),
    incognito: facts.storageQuota !== undefined && facts.storageQuota < INCOGNITO_QUOTA_BYTES,
    lowFingerprintConfidence: fingerprintConfidence(facts.persistable) < LOW_FINGERPRINT_CONFIDENCE,
  };
}

/** The result of R3.4: the shared score over the browser's signals. */
export function browserDetection(
  facts: BrowserFacts,
  visitorId: string | undefined,
  error?: string,
): BotDetection {
  const signals = browserSignals(facts);
  const verdict = botVerdict(signals, SEARCH_ENGINE_USER_AGENT.test(facts.userAgent));
  return {
    ...verdict,
    visitorId,
    isLoading: false,
    error,
    rawData: { score: verdict.confidence, signals, botKind: facts.botd?.botKind },
  };
}
