import { useId, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { Icon, type IconName } from "~/components/ui/icon";
import type { AdminArea, AdminAreaRule } from "~/modules/staff/permissions";

const AREA_ICONS: Partial<Record<AdminArea, IconName>> = {
  dashboard: "layout-dashboard",
  leads: "inbox",
  reviews: "star",
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
                        `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
                          isActive
                            ? "bg-brass-light/60 text-brass-dark"
                            : "text-ink hover:bg-stone-100"
                        }`
                      }
                    >
                      <Icon name={AREA_ICONS[item.area] ?? "file-text"} className="size-4" />
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <a
            href="/"
            className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-muted hover:bg-stone-100"
          >
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

function UserMenu({ user }: { user: ShellUser }) {
  return (
    <div className="border-t border-stone-200 p-4">
      <div className="flex items-center gap-3">
        <img src={user.avatar} alt="" width={36} height={36} className="size-9 rounded-full" />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold">{user.name}</p>
          <p className="truncate text-xs text-muted">
            {user.email} · {user.role}
          </p>
        </div>
      </div>
      <div className="mt-3 flex gap-2">
        <Link
          to="/admin/account"
          className="inline-flex flex-1 items-center justify-center gap-2 rounded-lg border border-stone-200 px-3 py-2 text-sm hover:bg-stone-100"
        >
          <Icon name="user-round" className="size-4" />
          My account
        </Link>
        <Form method="post" action="/admin/logout" className="flex-1">
          <button
            type="submit"
            className="inline-flex w-full items-center justify-center gap-2 rounded-lg border border-stone-200 px-3 py-2 text-sm hover:bg-stone-100"
          >
            <Icon name="log-out" className="size-4" />
            Sign out
          </button>
        </Form>
      </div>
    </div>
  );
}
