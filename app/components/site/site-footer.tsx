import { Link } from "react-router";
import { Container } from "~/components/ui/container";
import { ExternalLink } from "~/components/ui/external-link";
import { STRINGS } from "~/modules/platform/strings";
import { telHref } from "~/modules/settings/format";
import { Logo } from "./logo";
import { FOOTER_NAV, MAIN_NAV } from "./navigation";
import type { SiteCompany } from "./site-company";
import { Icon } from "~/components/ui/icon";

const FOOTER_LINK = "hover:text-white hover:underline";

export function SiteFooter({ company, year }: { company: SiteCompany; year: number }) {
  return (
    <footer className="render-when-visible bg-ink text-stone-200">
      <Container className="grid gap-10 py-14 md:grid-cols-3">
        <div className="flex flex-col gap-4">
          <Link to="/" className="flex items-center gap-3 text-white">
            <Logo className="size-10" />
            <span className="font-serif text-xl font-semibold">{company.name}</span>
          </Link>
          <address className="not-italic leading-relaxed text-stone-300">
            {company.streetAddress}
            <br />
            {company.addressLocality}, {company.addressRegion} {company.postalCode}
            <br />
            <a href={telHref(company.phone)} className={FOOTER_LINK}>
              {company.phone}
            </a>
            <br />
            <a href={`mailto:${company.email}`} className={FOOTER_LINK}>
              {company.email}
            </a>
          </address>
        </div>

        <nav aria-label="Footer">
          <h2 className="mb-3 font-sans text-sm font-semibold uppercase tracking-wider text-stone-100">
            Explore
          </h2>
          <FooterLinks
            className="grid grid-cols-2 gap-x-6 gap-y-2"
            links={[
              ...MAIN_NAV.map((item) => ({ href: item.to, label: item.label })),
              ...FOOTER_NAV.map((item) => ({ href: item.to, label: item.label })),
              { href: "/privacy-policy", label: STRINGS.footer.privacy },
              { href: "/terms", label: STRINGS.footer.terms },
            ]}
          />
        </nav>

        <div className="flex flex-col gap-3">
          <h2 className="font-sans text-sm font-semibold uppercase tracking-wider text-stone-100">
            Follow us
          </h2>
          <FooterLinks
            className="flex flex-col gap-2"
            external
            links={[
              { href: company.facebookUrl, label: "Facebook" },
              { href: company.instagramUrl, label: "Instagram" },
            ]}
          />
        </div>
      </Container>

      <div className="border-t border-white/10">
        <Container className="flex flex-col items-start justify-between gap-4 py-6 text-sm text-stone-300 sm:flex-row sm:items-center">
          <p>
            © {year} {company.name}. All rights reserved.
          </p>
          <a
            href="#top"
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-white/20 px-4 font-semibold text-white hover:bg-white/10"
          >
            <Icon name="arrow-up" className="size-4" />
            Back to top
          </a>
        </Container>
      </div>
    </footer>
  );
}

/** A column of footer links: pages of this site, or of other sites (`external`). */
function FooterLinks({
  links,
  className,
  external = false,
}: {
  links: Array<{ href: string; label: string }>;
  className: string;
  external?: boolean;
}) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.label}>
          {external ? (
            <ExternalLink href={link.href} className={FOOTER_LINK}>
              {link.label}
            </ExternalLink>
          ) : (
            <Link to={link.href} className={FOOTER_LINK}>
              {link.label}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
