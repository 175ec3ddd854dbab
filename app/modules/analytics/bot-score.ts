/**
 * The bot score (docs/REQUIREMENTS.md R9.2): each signal adds its weight, the total is
 * capped at 1, a total of 0.5 or more is a bot, and protection blocks from 0.7 unless the
 * visitor is a search engine. Shared by the browser's check and the server's, so both
 * score the same signals the same way. Pure: no browser or server API here.
 */

export const BOT_SIGNAL_WEIGHTS = {
  botDetected: 0.8,
  incognito: 0.2,
  automation: 0.7,
  lowFingerprintConfidence: 0.3,
  headlessUserAgent: 0.6,
} as const;

export type BotSignal = keyof typeof BOT_SIGNAL_WEIGHTS;
export type BotSignals = Partial<Record<BotSignal, boolean>>;

export const BOT_THRESHOLD = 0.5;
export const BLOCK_THRESHOLD = 0.7;
/** Below this, the visitor id is not trusted to stay the same browser. */
export const LOW_FINGERPRINT_CONFIDENCE = 0.5;

export const BOT_TYPES = ["search_engine_bot", "automation", "headless", "bot", "human"] as const;
export type BotType = (typeof BOT_TYPES)[number];
export const ALLOWED_BOT_TYPE: BotType = "search_engine_bot";

export interface BotVerdict {
  isBot: boolean;
  /** 0 to 1, rounded to two decimals so 0.2 + 0.3 is exactly 0.5. */
  confidence: number;
  botType: BotType;
}

/** The score of a set of signals: the weights of those present, capped at 1. */
export function botConfidence(signals: BotSignals): number {
  let total = 0;
  for (const signal of Object.keys(BOT_SIGNAL_WEIGHTS) as BotSignal[]) {
    if (signals[signal]) total += BOT_SIGNAL_WEIGHTS[signal];
  }
  return Math.min(1, Math.round(total * 100) / 100);
}

/** What a set of signals says of the visitor; `searchEngine` names a known crawler. */
export function botVerdict(signals: BotSignals, searchEngine = false): BotVerdict {
  const confidence = botConfidence(signals);
  const isBot = confidence >= BOT_THRESHOLD;
  return { isBot, confidence, botType: botTypeOf(signals, isBot, searchEngine) };
}

function botTypeOf(signals: BotSignals, isBot: boolean, searchEngine: boolean): BotType {
  if (searchEngine) return "search_engine_bot";
  if (!isBot) return "human";
  if (signals.automation) return "automation";
  if (signals.headlessUserAgent) return "headless";
  return "bot";
}

/** The check of R5.14: allowed if protection is off, below 0.7, or a search engine. */
export function isAllowed(verdict: BotVerdict, protectionOn: boolean): boolean {
  return (
    !protectionOn || verdict.confidence < BLOCK_THRESHOLD || verdict.botType === ALLOWED_BOT_TYPE
  );
}

/** The stronger of two verdicts (the browser's and the server's of the same visitor). */
export function strongerVerdict(a: BotVerdict, b: BotVerdict | undefined): BotVerdict {
  if (!b) return a;
  if (a.botType === "search_engine_bot" || b.botType === "search_engine_bot") {
    const confidence = Math.max(a.confidence, b.confidence);
    return { isBot: true, confidence, botType: "search_engine_bot" };
  }
  return b.confidence > a.confidence ? b : a;
}

/** A user agent that says it is a headless browser. */
export const HEADLESS_USER_AGENT = /headless|phantomjs|slimerjs|electron\/|puppeteer|playwright/i;

/** Crawlers of search engines: never blocked, always counted as bots. */
export const SEARCH_ENGINE_USER_AGENT =
  /googlebot|google-inspectiontool|bingbot|bingpreview|duckduckbot|yandex(bot|images)|baiduspider|applebot|slurp|sogou|seznambot|qwantify|petalbot|naver/i;
