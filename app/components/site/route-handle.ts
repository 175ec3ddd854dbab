/** What a public page can tell the shared layout through its `handle` export. */
export interface SiteRouteHandle {
  /** Hide the shared "Get In Touch" section (docs/REQUIREMENTS.md R2.5: on /tv and /thank-you). */
  hideContactSection?: boolean;
  /**
   * Where Get a Quote goes on a page without that section: the page's own form (/tv's
   * "#tv-request"), or by default the home page's contact section.
   */
  quoteTarget?: string;
}
