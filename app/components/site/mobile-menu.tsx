import { useEffect, useRef } from "react";
import { NavLink } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { ExternalLink } from "~/components/ui/external-link";
import { STRINGS } from "~/modules/platform/strings";
import { PhoneLink } from "./call-to-action";
import { MAIN_NAV, QUOTE_ANCHOR } from "./navigation";
import type { SiteCompany } from "./site-company";

const FOCUSABLE = "a[href], button:not([disabled]), [tabindex]:not([tabindex='-1'])";

/**
 * Full-screen menu for phones and tablets, 112 px below the top (under the header).
 * While open it keeps keyboard focus inside (with the menu button), closes on Escape,
 * on any item click and on navigation, and hands focus back to the menu button.
 */
export default function MobileMenu({
  id,
  company,
  onClose,
  toggleButton,
}: {
  id: string;
  company: SiteCompany;
  onClose: () => void;
  toggleButton: React.RefObject<HTMLButtonElement | null>;
}) {
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
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
  }, [onClose, toggleButton]);

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
                data-track="quote_request"
                onClick={onClose}
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
            onClick={onClose}
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
              onClick={onClose}
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
