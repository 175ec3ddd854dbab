/** The periods QR analytics offer (docs/REQUIREMENTS.md R15.4), client-safe. */
export const QR_ANALYTICS_PERIODS = [30, 90] as const;
export type QrAnalyticsPeriod = (typeof QR_ANALYTICS_PERIODS)[number];

/** `?days=` as a period: 90 when asked for, 30 otherwise. */
export const periodOf = (value: string | null): QrAnalyticsPeriod => (value === "90" ? 90 : 30);
