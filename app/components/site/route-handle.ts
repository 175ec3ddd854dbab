/** What a public page can tell the shared layout through its `handle` export. */
export interface SiteRouteHandle {
  /** Hide the shared "Get In Touch" section (docs/REQUIREMENTS.md R2.5: on /tv, /thank-you and /leave-review). */
  hideContactSection?: boolean;
}
