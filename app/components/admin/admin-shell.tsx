import { useId, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { Avatar } from "~/components/admin/avatar";
import { EmailText } from "~/components/admin/email-text";
import { Icon, type IconName } from "~/components/ui/icon";
import type { AdminArea, AdminAreaRule } from "~/modules/staff/permissions";

const AREA_ICONS: Partial<Record<AdminArea, IconName>> = {
  dashboard: "layout-dashboard",
  analytics: "funnel",
  leads: "inbox",
  affiliates: "hand-coins",
  payments: "send",
  giveaways: "sparkles",
  posts: "file-text",
  reviews: "star",
  authors: "user-round",
  categories: "layers",
  redirects: "arrow-right",
  visualizer: "paint-roller",
  notFound: "triangle-exclamation-point",
  qrCodes: "megaphone",
  qrAnalytics: "eye",
  settings: "settings",
  staff: "users",
  mail: "mail",
  audit: "scroll-text",
};

const GROUP_LABELS: Record<AdminAreaRule["group"], string> = {
  overview: "Overview",
  content: "Content",
  business: "Business",
  system: "System",
};

export interface ShellUser {
  name: string;
  email: string;
  role: string;
  avatar: string;
}

/**
 * The staff area's frame: navigation (only what the member's role may open), the member
 * with sign-out, and the page. On phones the navigation folds behind a menu button.
 */

/** What every entry of the sidebar looks like, the areas and the link to the site. */
const SIDEBAR_ENTRY = "flex items-center gap-3 whitespace-nowrap rounded-lg px-3 py-2 text-sm";
export function AdminShell({
  companyName,
  navigation,
  user,
  children,
}: {
  companyName: string;
  navigation: AdminAreaRule[];
  user: ShellUser;
  children: React.ReactNode;
}) {
  const { pathname } = useLocation();
  // Open for the page it was opened on: any navigation folds it again.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const navOpen = openOn === pathname;
  const navId = useId();

  const groups = (Object.keys(GROUP_LABELS) as AdminAreaRule["group"][])
    .map((group) => ({ group, items: navigation.filter((item) => item.group === group) }))
    .filter((entry) => entry.items.length > 0);

  return (
    <div className="min-h-screen bg-stone-50 lg:flex">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-full focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <header className="flex h-14 items-center justify-between border-b border-stone-200 bg-white px-4 lg:hidden">
        <Link to="/admin/dashboard" className="font-serif text-lg font-semibold">
          {companyName}
        </Link>
        <button
          type="button"
          aria-expanded={navOpen}
          aria-controls={navId}
          onClick={() => setOpenOn(navOpen ? null : pathname)}
          className="inline-flex size-10 items-center justify-center rounded-full hover:bg-ink/5"
        >
          <Icon name={navOpen ? "x" : "menu"} className="size-5" />
          <span className="sr-only">{navOpen ? "Close navigation" : "Open navigation"}</span>
        </button>
      </header>

      <aside
        id={navId}
        className={`${navOpen ? "block" : "hidden"} border-b border-stone-200 bg-white lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-64 lg:shrink-0 lg:flex-col lg:border-b-0 lg:border-r`}
      >
        <div className="hidden h-16 items-center px-5 lg:flex">
          <Link to="/admin/dashboard" className="font-serif text-lg font-semibold leading-tight">
            {companyName}
          </Link>
        </div>
        <nav aria-label="Staff" className="flex-1 overflow-y-auto px-3 py-3">
          {groups.map(({ group, items }) => (
            <div key={group} className="mb-4">
              <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted">
                {GROUP_LABELS[group]}
              </p>
              <ul className="flex flex-col gap-0.5">
                {items.map((item) => (
                  <li key={item.area}>
                    <NavLink
                      to={item.path}
                      className={({ isActive }) =>
                        `${SIDEBAR_ENTRY} font-medium ${
                          isActive
                            ? "bg-brass-light/60 text-brass-dark"
                            : "text-ink hover:bg-stone-100"
                        }`
                      }
                    >
                      <Icon
                        name={AREA_ICONS[item.area] ?? "file-text"}
                        className="size-4 shrink-0"
                      />
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <a href="/" className={`${SIDEBAR_ENTRY} text-muted hover:bg-stone-100`}>
            <Icon name="external-link" className="size-4" />
            View the site
          </a>
        </nav>
        <UserMenu user={user} />
      </aside>

      <main
        id="admin-main"
        tabIndex={-1}
        className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-6 lg:px-10 lg:py-8"
      >
        {children}
      </main>
    </div>
  );
}

const menuItemClass =
  "flex w-full items-center gap-3 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-ink hover:bg-stone-100";

function UserMenu({ user }: { user: ShellUser }) {
  return (
    <div className="border-t border-stone-200 p-3">
      <div className="px-3 py-2">
        <div className="flex items-center gap-3">
          <Avatar src={user.avatar} size={36} keepSize />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold" title={user.name}>
              {user.name}
            </p>
            <p className="text-xs capitalize text-muted">{user.role}</p>
          </div>
        </div>
        {/* On a line of its own, so the whole address shows; a long one wraps at the @. */}
        <p className="mt-2 text-xs text-muted">
          <EmailText email={user.email} />
        </p>
      </div>
      <ul className="mt-1 flex flex-col gap-0.5">
        <li>
          <Link to="/admin/account" className={menuItemClass}>
            <Icon name="user-round" className="size-4 shrink-0" />
            My account
          </Link>
        </li>
        <li>
          <Form method="post" action="/admin/logout">
            <button type="submit" className={menuItemClass}>
              <Icon name="log-out" className="size-4 shrink-0" />
              Sign out
            </button>
          </Form>
        </li>
      </ul>
    </div>
  );
}
