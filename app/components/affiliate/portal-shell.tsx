import { Form, Link, NavLink, useNavigation } from "react-router";
import { Icon, type IconName } from "~/components/ui/icon";
import { AFFILIATE_STRINGS } from "~/modules/affiliates/affiliate-strings";
import { PORTAL_AREA } from "./portal-frame";

/** The partner portal's pages, in the navigation's order (docs/REQUIREMENTS.md R2.14). */
const PORTAL_PAGES: { to: string; label: string; icon: IconName }[] = [
  { to: "/affiliate/dashboard", label: "Dashboard", icon: "layout-dashboard" },
  { to: "/affiliate/links", label: "Links", icon: "send" },
  { to: "/affiliate/leads", label: "Leads", icon: "inbox" },
  { to: "/affiliate/payouts", label: "Payouts", icon: "hand-coins" },
  { to: "/affiliate/profile", label: "Profile", icon: "user-round" },
];

/**
 * The portal's frame: the company, the pages, the partner with sign-out, and the page. The
 * navigation is plain links in a row that scrolls sideways on a narrow phone, so it works
 * before (and without) the scripts.
 */
export function PortalShell({
  companyName,
  partner,
  children,
}: {
  companyName: string;
  partner: { name: string; code: string };
  children: React.ReactNode;
}) {
  const navigation = useNavigation();
  const checking =
    navigation.state === "loading" && navigation.location.pathname.startsWith("/affiliate/");
  return (
    <div className="min-h-screen bg-stone-50 print:min-h-0 print:bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="border-b border-stone-200 bg-white print:hidden">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Link to="/affiliate/dashboard" className="min-w-0">
            <span className="block font-serif text-lg font-semibold leading-tight">
              {companyName}
            </span>
            <span className="block text-sm text-muted">{PORTAL_AREA}</span>
          </Link>
          <div className="flex items-center gap-3 text-sm">
            <span className="hidden text-right sm:block">
              <span className="block font-medium">{partner.name}</span>
              <span className="block text-muted">Code {partner.code}</span>
            </span>
            <Form method="post" action="/affiliate/logout">
              <input type="hidden" name="scope" value="local" />
              <button
                type="submit"
                className="inline-flex items-center gap-2 rounded-lg border border-stone-300 px-3 py-2 font-medium hover:bg-stone-100"
              >
                <Icon name="log-out" className="size-4" />
                Sign out
              </button>
            </Form>
          </div>
        </div>
        <nav aria-label="Partner portal" className="mx-auto max-w-6xl overflow-x-auto px-2 sm:px-4">
          <ul className="flex gap-1">
            {PORTAL_PAGES.map((page) => (
              <li key={page.to}>
                <NavLink
                  to={page.to}
                  className={({ isActive }) =>
                    `flex items-center gap-2 whitespace-nowrap border-b-2 px-3 py-3 text-sm font-medium ${
                      isActive
                        ? "border-brass text-ink"
                        : "border-transparent text-muted hover:text-ink"
                    }`
                  }
                >
                  <Icon name={page.icon} className="size-4" />
                  {page.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {checking && (
        <p
          role="status"
          className="mx-auto flex max-w-6xl items-center gap-2 px-4 pt-4 text-sm text-muted sm:px-6"
        >
          <Icon name="rotate-cw" className="size-4 animate-spin motion-reduce:animate-none" />
          {AFFILIATE_STRINGS.guard.loading}
        </p>
      )}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto max-w-6xl px-4 py-6 outline-none sm:px-6 sm:py-8"
      >
        {children}
      </main>
    </div>
  );
}
