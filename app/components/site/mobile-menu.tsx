import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { ExternalLink } from "~/components/ui/external-link";
import { STRINGS } from "~/modules/platform/strings";
import { PhoneLink } from "./call-to-action";
import { MAIN_NAV, QUOTE_ANCHOR } from "./navigation";
import type { SiteCompany } from "./site-company";

const FOCUSABLE = "a[href], button:not([disabled]), [tabindex]:not([tabindex='-1'])";

/**
 * Full-screen menu for phones and tablets, 112 px below the top (under the header). It is a
 * popover (docs/decisions/016-usable-before-scripts.md): the menu button opens and closes it,
 * Escape and a tap outside close it and focus goes back to the button, its first item takes
 * focus when it opens and the page behind does not scroll (`app/app.css`), all before the
 * scripts start; a followed item closes it then too, by a script in the document's head
 * (`CLOSE_MENU_ON_FOLLOW`). Once they have, focus also stays inside it (with the menu button)
 * while it is open, and an item's click or any navigation closes it.
 */
export function MobileMenu({
  id,
  company,
  quoteHref,
  toggleButton,
}: {
  id: string;
  company: SiteCompany;
  /** Get a Quote's target on this page (the layout's choice). */
  quoteHref: string;
  toggleButton: React.RefObject<HTMLButtonElement | null>;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const close = () => panel.current?.hidePopover();

  // Any navigation closes it; not the first render, which may find it opened before hydration.
  const { pathname, hash } = useLocation();
  const page = `${pathname}${hash}`;
  const shownOn = useRef(page);
  useEffect(() => {
    if (shownOn.current === page) return;
    shownOn.current = page;
    panel.current?.hidePopover();
  }, [page]);

  useEffect(() => {
    const menu = panel.current;
    if (!menu) return;
    const focusables = () => [
      ...(toggleButton.current ? [toggleButton.current] : []),
      ...menu.querySelectorAll<HTMLElement>(FOCUSABLE),
    ];
    // Tab and Shift+Tab cycle through the menu button and the menu's items only.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab" || !menu.matches(":popover-open")) return;
      event.preventDefault();
      const items = focusables();
      const current = items.indexOf(document.activeElement as HTMLElement);
      const step = event.shiftKey ? -1 : 1;
      const next = current === -1 ? 0 : (current + step + items.length) % items.length;
      items[next]?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [toggleButton]);

  return (
    <div
      ref={panel}
      id={id}
      popover="auto"
      role="dialog"
      aria-label="Menu"
      data-testid="mobile-menu"
      data-mobile-menu
      className="fixed inset-x-0 bottom-0 top-(--spacing-header-mobile) m-0 h-auto w-auto max-w-none overflow-y-auto border-0 bg-white p-0 text-ink lg:hidden"
    >
      <Container className="flex flex-col gap-8 py-8">
        <nav aria-label="Mobile">
          <ul className="flex flex-col divide-y divide-stone-200 border-y border-stone-200">
            {MAIN_NAV.map((item, index) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  // Inside a popover, autofocus applies when it opens, not on page load.
                  // eslint-disable-next-line jsx-a11y/no-autofocus
                  autoFocus={index === 0}
                  onClick={close}
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
                href={quoteHref}
                data-track="quote_request"
                onClick={close}
                className="block py-4 font-serif text-2xl"
              >
                {QUOTE_ANCHOR.label}
              </a>
            </li>
          </ul>
        </nav>
        <div className="flex flex-col gap-3">
          <PhoneLink
            phone={company.phone}
            onClick={close}
            className={buttonClasses("primary", "lg")}
            iconClassName="size-5"
          >
            {STRINGS.nav.callUsNow}
          </PhoneLink>
          {[
            { href: company.financingUrl, label: STRINGS.nav.financing },
            { href: company.paymentsUrl, label: STRINGS.nav.payments },
            { href: company.reviewUrl, label: STRINGS.nav.review },
          ].map((link) => (
            <ExternalLink
              key={link.label}
              href={link.href}
              onClick={close}
              className={buttonClasses("secondary", "lg")}
            >
              {link.label}
            </ExternalLink>
          ))}
        </div>
      </Container>
    </div>
  );
}
