/** What a public page can tell the shared layout through its `handle` export. */
export interface SiteRouteHandle {
  /** Hide the shared "Get In Touch" section (SPEC: hidden on /tv and /thank-you). */
  hideContactSection?: boolean;
}
