import { ExternalLink } from "~/components/ui/external-link";
import { Container } from "~/components/ui/container";
import { PhoneLink } from "./call-to-action";
import { STRINGS } from "~/modules/platform/strings";
import type { SiteCompany } from "./site-company";

/** Desktop-only bar above the header: phone and the three external links. */
export function TopBar({ company }: { company: SiteCompany }) {
  return (
    <nav
      aria-label="Contact and payments"
      className="hidden bg-ink text-sm text-stone-100 lg:block"
      data-testid="top-bar"
    >
      <Container className="flex h-10 items-center justify-between gap-6">
        <PhoneLink
          phone={company.phone}
          className="inline-flex items-center gap-2 font-semibold hover:text-white"
          iconClassName="size-4"
        />
        <ul className="flex items-center gap-6">
          <li>
            <ExternalLink href={company.financingUrl} className="hover:text-white hover:underline">
              {STRINGS.nav.financing}
            </ExternalLink>
          </li>
          <li>
            <ExternalLink href={company.paymentsUrl} className="hover:text-white hover:underline">
              {STRINGS.nav.payments}
            </ExternalLink>
          </li>
          <li>
            <ExternalLink href={company.reviewUrl} className="hover:text-white hover:underline">
              {STRINGS.nav.review}
            </ExternalLink>
          </li>
        </ul>
      </Container>
    </nav>
  );
}
