import type { Database } from "~/db/client.server";
import { forgetRedirectRules } from "~/modules/redirects/redirect-engine.server";
import { forgetCompanySettings } from "~/modules/settings/settings.server";

/**
 * Besides finished pages, each instance keeps short-lived copies of what every page is
 * made from: the company profile and the redirect rules. When any instance records a
 * change public pages may show (the NOTIFY of docs/decisions/015-page-cache.md), these go
 * before the page cache empties; otherwise the next render on another instance would be
 * made from a copy seconds old and then kept as a page for the cache's whole lifetime.
 */
export function forgetContentCopies(db: Database): void {
  forgetCompanySettings(db);
  forgetRedirectRules(db);
}
