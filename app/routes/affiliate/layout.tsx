import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { affiliateGuard } from "~/modules/affiliates/affiliate-guard.server";

/** The partner portal's pages: the affiliate guard runs before any loader (R2.14, R4.9). */
export const middleware: Route.MiddlewareFunction[] = [affiliateGuard];

export default function AffiliateLayout() {
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
      <Outlet />
    </main>
  );
}
