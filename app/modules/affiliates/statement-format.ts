/**
 * Money as the partner portal shows it, formatted without Intl so the browser loads no
 * locale data for it: 123456 -> "$1,234.56", -5000 -> "-$50.00".
 */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}
