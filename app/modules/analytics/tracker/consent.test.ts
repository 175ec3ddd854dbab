import { describe, expect, it } from "vitest";
import { doNotTrack, trackingAllowed, type PrivacySignals } from "./consent";

const none: PrivacySignals = { optOut: null, doNotTrack: [], globalPrivacyControl: undefined };

describe("whether the tracker runs (R4.3)", () => {
  it.each([
    { case: "no choice, no signal", signals: none, allowed: true },
    { case: "opted out", signals: { ...none, optOut: "1" }, allowed: false },
    { case: "opted back in (key removed)", signals: { ...none, optOut: null }, allowed: true },
    { case: "an unknown stored value", signals: { ...none, optOut: "0" }, allowed: true },
    { case: "navigator.doNotTrack '1'", signals: { ...none, doNotTrack: ["1"] }, allowed: false },
    {
      case: "window.doNotTrack '1'",
      signals: { ...none, doNotTrack: [null, "1"] },
      allowed: false,
    },
    { case: "old Firefox 'yes'", signals: { ...none, doNotTrack: ["yes"] }, allowed: false },
    {
      case: "Do-Not-Track '0'",
      signals: { ...none, doNotTrack: ["0", "unspecified"] },
      allowed: true,
    },
    {
      case: "Global Privacy Control",
      signals: { ...none, globalPrivacyControl: true },
      allowed: false,
    },
    { case: "GPC false", signals: { ...none, globalPrivacyControl: false }, allowed: true },
    {
      case: "opted out and DNT",
      signals: { optOut: "1", doNotTrack: ["1"], globalPrivacyControl: true },
      allowed: false,
    },
  ])("$case: allowed $allowed", ({ signals, allowed }) => {
    expect(trackingAllowed(signals)).toBe(allowed);
    if (signals.optOut !== "1") expect(doNotTrack(signals)).toBe(!allowed);
  });
});
