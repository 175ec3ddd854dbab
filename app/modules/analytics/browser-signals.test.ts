import { describe, expect, it } from "vitest";
import { isAllowed } from "./bot-score";
import {
  browserDetection,
  browserSignals,
  INCOGNITO_QUOTA_BYTES,
  type BrowserFacts,
} from "./browser-signals";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const HEADLESS = CHROME.replace("Chrome/", "HeadlessChrome/");
const GOOGLEBOT =
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/131.0.0.0";

const person: BrowserFacts = {
  userAgent: CHROME,
  webdriver: false,
  automationGlobals: [],
  storageQuota: 20 * 1024 ** 3,
  persistable: true,
  botd: { bot: false },
};

describe("the browser's bot signals (R9.2)", () => {
  it.each([
    { case: "a person", facts: person, signals: {} },
    {
      case: "navigator.webdriver",
      facts: { ...person, webdriver: true },
      signals: { automation: true },
    },
    {
      case: "an automation global",
      facts: { ...person, automationGlobals: ["callPhantom"] },
      signals: { automation: true },
    },
    {
      case: "a headless user agent",
      facts: { ...person, userAgent: HEADLESS },
      signals: { headlessUserAgent: true },
    },
    {
      case: "a small storage quota (incognito)",
      facts: { ...person, storageQuota: INCOGNITO_QUOTA_BYTES - 1 },
      signals: { incognito: true },
    },
    { case: "no quota told", facts: { ...person, storageQuota: undefined }, signals: {} },
    {
      case: "an id that cannot be kept",
      facts: { ...person, persistable: false },
      signals: { lowFingerprintConfidence: true },
    },
    {
      case: "BotD's verdict",
      facts: { ...person, botd: { bot: true, botKind: "selenium" } },
      signals: { botDetected: true },
    },
    { case: "BotD did not run", facts: { ...person, botd: undefined }, signals: {} },
  ])("$case", ({ facts, signals }) => {
    const expected = {
      botDetected: false,
      automation: false,
      headlessUserAgent: false,
      incognito: false,
      lowFingerprintConfidence: false,
      ...signals,
    };
    expect(browserSignals(facts)).toEqual(expected);
  });
});

describe("the browser's verdict (R3.4, R5.14)", () => {
  it.each([
    {
      case: "a person",
      facts: person,
      isBot: false,
      confidence: 0,
      botType: "human",
      blocked: false,
    },
    {
      case: "incognito and an id that cannot be kept",
      facts: { ...person, storageQuota: 1, persistable: false },
      isBot: true,
      confidence: 0.5,
      botType: "bot",
      blocked: false,
    },
    {
      case: "a test browser (webdriver, headless)",
      facts: { ...person, userAgent: HEADLESS, webdriver: true },
      isBot: true,
      confidence: 1,
      botType: "automation",
      blocked: true,
    },
    {
      case: "a headless user agent alone",
      facts: { ...person, userAgent: HEADLESS },
      isBot: true,
      confidence: 0.6,
      botType: "headless",
      blocked: false,
    },
    {
      case: "Googlebot, even run by automation",
      facts: { ...person, userAgent: GOOGLEBOT, webdriver: true },
      isBot: true,
      confidence: 0.7,
      botType: "search_engine_bot",
      blocked: false,
    },
  ])("$case", ({ facts, isBot, confidence, botType, blocked }) => {
    const result = browserDetection(facts, "visitor-1234", undefined);
    expect(result).toMatchObject({
      isBot,
      confidence,
      botType,
      isLoading: false,
      visitorId: "visitor-1234",
    });
    expect(result.rawData?.score).toBe(confidence);
    expect(isAllowed(result, true)).toBe(!blocked);
    expect(isAllowed(result, false)).toBe(true);
  });

  it("reports BotD's failure and still scores the other signals", () => {
    const result = browserDetection(
      { ...person, botd: undefined, webdriver: true },
      undefined,
      "load failed",
    );
    expect(result).toMatchObject({ error: "load failed", isBot: true, confidence: 0.7 });
  });
});
