/** What a public page can tell the shared layout through its `handle` export. */
export interface SiteRouteHandle {
  /** Hide the shared "Get In Touch" section (docs/REQUIREMENTS.md R2.5: on /tv and /thank-you). */
  hideContactSection?: boolean;
}
