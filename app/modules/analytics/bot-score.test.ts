import { describe, expect, it } from "vitest";
import {
  BOT_SIGNAL_WEIGHTS,
  botConfidence,
  botVerdict,
  isAllowed,
  strongerVerdict,
  type BotSignal,
  type BotSignals,
} from "./bot-score";

const SIGNALS = Object.keys(BOT_SIGNAL_WEIGHTS) as BotSignal[];

/** Every one of the 32 combinations of the five signals. */
const combinations: BotSignals[] = Array.from({ length: 1 << SIGNALS.length }, (_, mask) =>
  Object.fromEntries(SIGNALS.map((signal, bit) => [signal, Boolean(mask & (1 << bit))])),
);

/** The expected score written out by hand from R9.2's weights, in tenths to stay exact. */
const TENTHS: Record<BotSignal, number> = {
  botDetected: 8,
  incognito: 2,
  automation: 7,
  lowFingerprintConfidence: 3,
  headlessUserAgent: 6,
};

describe("the bot score", () => {
  it.each(combinations)("scores %o with R9.2's weights, capped at 1", (signals) => {
    const tenths = SIGNALS.filter((signal) => signals[signal]).reduce(
      (sum, signal) => sum + TENTHS[signal],
      0,
    );
    const expected = Math.min(10, tenths) / 10;
    const verdict = botVerdict(signals);
    expect(verdict.confidence).toBe(expected);
    expect(verdict.isBot).toBe(tenths >= 5);
    // Protection on blocks from 0.7; off, nobody is blocked.
    expect(isAllowed(verdict, true)).toBe(tenths < 7);
    expect(isAllowed(verdict, false)).toBe(true);
  });

  it("is a bot at exactly 0.5 (incognito and low fingerprint confidence), not below", () => {
    expect(botConfidence({ incognito: true, lowFingerprintConfidence: true })).toBe(0.5);
    expect(botVerdict({ incognito: true, lowFingerprintConfidence: true }).isBot).toBe(true);
    expect(botVerdict({ lowFingerprintConfidence: true }).isBot).toBe(false);
  });

  it("blocks at exactly 0.7 (automation alone) when protection is on, not at 0.6", () => {
    expect(isAllowed(botVerdict({ automation: true }), true)).toBe(false);
    expect(isAllowed(botVerdict({ headlessUserAgent: true }), true)).toBe(true);
  });

  it("never blocks a search engine, whatever its score", () => {
    const crawler = botVerdict({ botDetected: true, headlessUserAgent: true }, true);
    expect(crawler).toEqual({ isBot: true, confidence: 1, botType: "search_engine_bot" });
    expect(isAllowed(crawler, true)).toBe(true);
  });

  it("names the kind of bot by its strongest sign", () => {
    expect(botVerdict({ automation: true, botDetected: true }).botType).toBe("automation");
    expect(botVerdict({ headlessUserAgent: true }).botType).toBe("headless");
    expect(botVerdict({ botDetected: true }).botType).toBe("bot");
    expect(botVerdict({ incognito: true }).botType).toBe("human");
  });

  it("keeps the stronger of the browser's and the server's verdicts", () => {
    const browser = botVerdict({ incognito: true });
    const server = botVerdict({ headlessUserAgent: true });
    expect(strongerVerdict(browser, server)).toEqual(server);
    expect(strongerVerdict(server, browser)).toEqual(server);
    expect(strongerVerdict(browser, undefined)).toEqual(browser);
    expect(strongerVerdict(server, botVerdict({}, true)).botType).toBe("search_engine_bot");
  });
});
