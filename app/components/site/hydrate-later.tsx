import { Suspense } from "react";

/**
 * Content below the fold that React hydrates in a second pass, after the rest of the page
 * has become interactive (docs/decisions/016-usable-before-scripts.md). On the first load
 * React leaves a Suspense boundary's server HTML as it is, commits the page around it,
 * then hydrates the boundary at low priority; a click or key press inside it before then
 * makes React hydrate it at once and replay the event. Nothing in it suspends, so client
 * navigations render it as usual. Not for forms: they must hold what the visitor types.
 */
export function HydrateLater({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
