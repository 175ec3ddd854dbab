import { useId, useRef } from "react";
import { Link, NavLink } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { PhoneLink } from "./call-to-action";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { MAIN_NAV, QUOTE_ANCHOR } from "./navigation";
import type { SiteCompany } from "./site-company";
import { Icon } from "~/components/ui/icon";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold transition-colors hover:text-brass ${
    isActive ? "text-brass" : "text-ink"
  }`;

/**
 * Sticky header: logo, navigation and, below the desktop breakpoint, the menu button. The
 * button opens the menu as a popover, so it works before the scripts start
 * (docs/decisions/016-usable-before-scripts.md); its words and icon follow the menu's state
 * in CSS (`app/app.css`), and the browser exposes it as expanded or collapsed.
 */
export function SiteHeader({ company, quoteHref }: { company: SiteCompany; quoteHref: string }) {
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  return (
    <header className="site-header sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <Container className="flex h-16 items-center justify-between gap-4 lg:h-20">
        <Link to="/" className="flex items-center gap-3">
          <Logo className="size-10" />
          <span className="font-serif text-lg font-semibold leading-tight text-ink sm:text-xl">
            {company.name}
          </span>
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/"} className={navLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li className="ml-3">
              <a
                href={quoteHref}
                data-track="quote_request"
                className={buttonClasses("primary", "md")}
              >
                {QUOTE_ANCHOR.label}
              </a>
            </li>
          </ul>
        </nav>

        <button
          ref={menuButton}
          type="button"
          popoverTarget={menuId}
          aria-controls={menuId}
          className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-ink/5 lg:hidden"
        >
          <span data-menu-closed>
            <Icon name="menu" className="size-6" />
            <span className="sr-only">Open menu</span>
          </span>
          <span data-menu-open>
            <Icon name="x" className="size-6" />
            <span className="sr-only">Close menu</span>
          </span>
        </button>
      </Container>

      {/* Phones: the two actions that matter most, always in reach (with the row above: 112 px). */}
      <div className="border-t border-stone-200 bg-stone-100 lg:hidden">
        <Container className="flex h-12 items-center justify-between gap-3 text-sm">
          <PhoneLink
            phone={company.phone}
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-ink"
            iconClassName="size-4 text-brass"
          />
          <a
            href={quoteHref}
            data-track="quote_request"
            className={buttonClasses("primary", "md", "min-h-9 py-1.5")}
          >
            {QUOTE_ANCHOR.label}
          </a>
        </Container>
      </div>

      <MobileMenu id={menuId} company={company} quoteHref={quoteHref} toggleButton={menuButton} />
    </header>
  );
}
