/**
 * Whether the tracker may run (docs/REQUIREMENTS.md R4.3): not after the visitor opted out
 * in the privacy controls, and not when the browser asks not to be tracked (Do-Not-Track,
 * in any of its spellings, or Global Privacy Control). Pure.
 */
export interface PrivacySignals {
  /** The privacy controls' stored choice: "1" when analytics are off. */
  optOut: string | null | undefined;
  /** navigator.doNotTrack, window.doNotTrack, navigator.msDoNotTrack. */
  doNotTrack: readonly unknown[];
  /** navigator.globalPrivacyControl. */
  globalPrivacyControl: unknown;
}

/** Do-Not-Track is "1" (or "yes" in old Firefox); GPC is `true`. */
export function doNotTrack(signals: Pick<PrivacySignals, "doNotTrack" | "globalPrivacyControl">) {
  return (
    signals.globalPrivacyControl === true ||
    signals.doNotTrack.some((value) => value === "1" || value === "yes" || value === 1)
  );
}

export function trackingAllowed(signals: PrivacySignals): boolean {
  return signals.optOut !== "1" && !doNotTrack(signals);
}
