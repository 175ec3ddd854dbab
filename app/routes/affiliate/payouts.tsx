import { Link } from "react-router";
import type { Route } from "./+types/payouts";
import {
  PANEL_CLASSES,
  portalMeta,
  PortalPageHeader,
  PortalTable,
} from "~/components/affiliate/portal-blocks";
import { buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { requireAffiliate } from "~/modules/affiliates/affiliate-guard.server";
import { formatUsd } from "~/modules/affiliates/statement-format";
import { portalPayouts } from "~/modules/affiliates/statement.server";
import { shortDate } from "~/modules/platform/calendar-day";
import { runtimeContext } from "~/modules/platform/context";

export const meta: Route.MetaFunction = () => portalMeta("Payouts");

/** The payouts made to the signed-in affiliate, newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  const affiliate = requireAffiliate(context);
  const { db } = context.get(runtimeContext);
  return { payouts: await portalPayouts(db, affiliate.id) };
}

export default function PortalPayoutsPage({ loaderData }: Route.ComponentProps) {
  const { payouts } = loaderData;
  return (
    <>
      <PortalPageHeader title="Payouts">
        <p>
          The payments made to you for your approved commissions, newest first. Your statement lists
          every commission and payment with a running balance.
        </p>
      </PortalPageHeader>

      <p className="mb-4">
        <Link to="/affiliate/statement" className={buttonClasses("secondary")}>
          <Icon name="scroll-text" className="size-4" />
          See your statement
        </Link>
      </p>

      {payouts.length === 0 ? (
        <div className={`${PANEL_CLASSES} text-sm`}>
          <h2 className="font-semibold">No payouts yet</h2>
          <p className="mt-1 text-muted">
            Commissions are paid once their hold has passed and what you are owed reaches the
            minimum payout. Each payment will be listed here.
          </p>
        </div>
      ) : (
        <PortalTable
          caption="Your payouts"
          columns={[
            { label: "Date" },
            { label: "Amount", numeric: true },
            { label: "Method" },
            { label: "Reference" },
          ]}
        >
          {payouts.map((payout) => (
            <tr key={payout.id}>
              <td className="whitespace-nowrap px-4 py-3">{shortDate(payout.paidOn)}</td>
              <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums">
                {formatUsd(payout.amountCents)}
              </td>
              <td className="px-4 py-3 capitalize">{payout.method}</td>
              <td className="px-4 py-3">
                {payout.reference ?? (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">None</span>
                  </>
                )}
              </td>
            </tr>
          ))}
        </PortalTable>
      )}
    </>
  );
}
