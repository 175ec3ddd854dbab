import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { ExternalLink } from "~/components/ui/external-link";
import { STRINGS } from "~/modules/platform/strings";
import { telHref } from "~/modules/settings/format";
import { Logo } from "./logo";
import { MAIN_NAV, QUOTE_ANCHOR } from "./navigation";
import type { SiteCompany } from "./site-company";
import { Icon } from "~/components/ui/icon";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold transition-colors hover:text-brass ${
    isActive ? "text-brass" : "text-ink"
  }`;

/** Sticky header: logo, navigation and, below the desktop breakpoint, the menu button. */
export function SiteHeader({ company }: { company: SiteCompany }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <Container className="flex h-16 items-center justify-between gap-4 lg:h-20">
        <Link to="/" className="flex items-center gap-3" onClick={closeMenu}>
          <Logo alt="" className="size-10" />
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
              <a href={QUOTE_ANCHOR.to} className={buttonClasses("primary", "md")}>
                {QUOTE_ANCHOR.label}
              </a>
            </li>
          </ul>
        </nav>

        <button
          ref={menuButton}
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-ink/5 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? (
            <Icon name="x" className="size-6" />
          ) : (
            <Icon name="menu" className="size-6" />
          )}
          <span className="sr-only">{menuOpen ? "Close menu" : "Open menu"}</span>
        </button>
      </Container>

      {/* Phones: the two actions that matter most, always in reach (with the row above: 112 px). */}
      <div className="border-t border-stone-200 bg-stone-100 lg:hidden">
        <Container className="flex h-12 items-center justify-between gap-3 text-sm">
          <a
            href={telHref(company.phone)}
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-ink"
          >
            <Icon name="phone" className="size-4 text-brass" />
            {company.phone}
          </a>
          <a href={QUOTE_ANCHOR.to} className={buttonClasses("primary", "md", "min-h-9 py-1.5")}>
            {QUOTE_ANCHOR.label}
          </a>
        </Container>
      </div>

      <MobileMenu
        id={menuId}
        open={menuOpen}
        company={company}
        onClose={closeMenu}
        toggleButton={menuButton}
      />
    </header>
  );
}

const FOCUSABLE = "a[href], button:not([disabled]), [tabindex]:not([tabindex='-1'])";

/**
 * Full-screen menu for phones and tablets, 112 px below the top (under the header).
 * While open it keeps keyboard focus inside (with the menu button), closes on Escape,
 * on any item click and on navigation, and hands focus back to the menu button.
 */
function MobileMenu({
  id,
  open,
  company,
  onClose,
  toggleButton,
}: {
  id: string;
  open: boolean;
  company: SiteCompany;
  onClose: () => void;
  toggleButton: React.RefObject<HTMLButtonElement | null>;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const location = useLocation();

  useEffect(() => {
    onClose();
  }, [location.pathname, location.hash, onClose]);

  useEffect(() => {
    if (!open) return;
    const button = toggleButton.current;
    const focusables = () => [
      ...(button ? [button] : []),
      ...Array.from(panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []),
    ];
    focusables()[1]?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        onClose();
        button?.focus();
        return;
      }
      if (event.key !== "Tab") return;
      // Tab and Shift+Tab cycle through the menu button and the menu's items only.
      event.preventDefault();
      const items = focusables();
      const current = items.indexOf(document.activeElement as HTMLElement);
      const step = event.shiftKey ? -1 : 1;
      const next = current === -1 ? 0 : (current + step + items.length) % items.length;
      items[next]?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = previousOverflow;
    };
  }, [open, onClose, toggleButton]);

  // Rendered only while open: a closed menu costs the page nothing.
  if (!open) return null;
  return (
    <div
      ref={panel}
      id={id}
      role="dialog"
      aria-modal="true"
      aria-label="Menu"
      data-testid="mobile-menu"
      className="fixed inset-x-0 bottom-0 top-(--spacing-header-mobile) z-50 overflow-y-auto bg-white lg:hidden"
    >
      <Container className="flex flex-col gap-8 py-8">
        <nav aria-label="Mobile">
          <ul className="flex flex-col divide-y divide-stone-200 border-y border-stone-200">
            {[...MAIN_NAV].map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  onClick={onClose}
                  className={({ isActive }) =>
                    `block py-4 font-serif text-2xl ${isActive ? "text-brass" : "text-ink"}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <a
                href={QUOTE_ANCHOR.to}
                onClick={onClose}
                className="block py-4 font-serif text-2xl"
              >
                {QUOTE_ANCHOR.label}
              </a>
            </li>
          </ul>
        </nav>
        <div className="flex flex-col gap-3">
          <a
            href={telHref(company.phone)}
            onClick={onClose}
            className={buttonClasses("primary", "lg")}
          >
            <Icon name="phone" className="size-5" />
            {STRINGS.nav.callUsNow}
          </a>
          <ExternalLink
            href={company.financingUrl}
            onClick={onClose}
            className={buttonClasses("secondary", "lg")}
          >
            {STRINGS.nav.financing}
          </ExternalLink>
          <ExternalLink
            href={company.paymentsUrl}
            onClick={onClose}
            className={buttonClasses("secondary", "lg")}
          >
            {STRINGS.nav.payments}
          </ExternalLink>
          <ExternalLink
            href={company.reviewUrl}
            onClick={onClose}
            className={buttonClasses("secondary", "lg")}
          >
            {STRINGS.nav.review}
          </ExternalLink>
        </div>
      </Container>
    </div>
  );
}
