import { Form, Link } from "react-router";
import type { Route } from "./+types/statement";
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
import { parseStatementPeriod } from "~/modules/affiliates/statement.schema";
import { affiliateStatement } from "~/modules/affiliates/statement.server";
import { companyDay, shortDate } from "~/modules/platform/calendar-day";
import { runtimeContext } from "~/modules/platform/context";

export const meta: Route.MetaFunction = () => portalMeta("Statement");

const STATEMENT_PATH = "/affiliate/statement";

/**
 * The signed-in affiliate's statement for the period in `?from=&to=` (everything without
 * one). A period that cannot be read shows every line, with the fields' messages.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const affiliate = requireAffiliate(context);
  const { db } = context.get(runtimeContext);
  const params = new URL(request.url).searchParams;
  const { period, errors } = parseStatementPeriod(params);
  const query = new URLSearchParams();
  if (period.from) query.set("from", period.from);
  if (period.to) query.set("to", period.to);
  const search = query.toString();
  return {
    partner: { name: affiliate.name, code: affiliate.code },
    statement: await affiliateStatement(db, affiliate.id, period),
    today: companyDay(new Date()),
    form: { from: params.get("from") ?? "", to: params.get("to") ?? "" },
    errors,
    csvHref: `${STATEMENT_PATH}.csv${search ? `?${search}` : ""}`,
  };
}

export default function PortalStatementPage({ loaderData }: Route.ComponentProps) {
  const { partner, statement, today, form, errors, csvHref } = loaderData;
  const { totals, lines, period } = statement;
  const filtered = Boolean(period.from || period.to);
  const periodText =
    period.from && period.to
      ? `From ${shortDate(period.from)} to ${shortDate(period.to)}`
      : period.from
        ? `From ${shortDate(period.from)} to ${shortDate(today)}`
        : period.to
          ? `Everything up to ${shortDate(period.to)}`
          : `Everything up to ${shortDate(today)}`;
  return (
    <>
      <PortalPageHeader title="Statement">
        <p>
          {partner.name}, code {partner.code}. {periodText}; dates are New York time.
        </p>
      </PortalPageHeader>

      <Form
        method="get"
        aria-label="Statement period"
        className={`${PANEL_CLASSES} mb-4 flex flex-wrap items-end gap-3 print:hidden`}
      >
        <DateField name="from" label="From" value={form.from} error={errors.from} />
        <DateField name="to" label="To" value={form.to} error={errors.to} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClasses("primary")}>
            <Icon name="funnel" className="size-4" />
            Show
          </button>
          {filtered && (
            <Link to={STATEMENT_PATH} className={buttonClasses("ghost")}>
              Whole statement
            </Link>
          )}
          <a href={csvHref} className={buttonClasses("secondary")} download>
            <Icon name="download" className="size-4" />
            Download CSV
          </a>
        </div>
      </Form>

      <section aria-labelledby="statement-totals" className="mb-6">
        <h2 id="statement-totals" className="sr-only">
          Totals
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4 print:grid-cols-4 print:gap-2">
          <Total label="Pending" value={totals.pendingCents} hint="Still in their hold" />
          <Total label="Approved" value={totals.approvedCents} hint="Owed to you now" />
          <Total label="Paid" value={totals.paidCents} hint="Payouts made" />
          <Total
            label="Balance"
            value={totals.balanceCents}
            hint="Earned and not yet paid, at the end"
          />
        </dl>
      </section>

      {lines.length === 0 ? (
        <div className={`${PANEL_CLASSES} text-sm`}>
          <h2 className="font-semibold">Nothing in this period</h2>
          <p className="mt-1 text-muted">
            Commissions appear here when a lead of yours is won, payouts when they are made.
          </p>
        </div>
      ) : (
        <PortalTable
          caption="Statement lines, oldest first"
          printable
          columns={[
            { label: "Date" },
            { label: "Description" },
            { label: "Amount", numeric: true },
            { label: "Balance", numeric: true },
          ]}
        >
          {period.from && (
            <tr>
              <td className="whitespace-nowrap px-4 py-3 print:px-2">{shortDate(period.from)}</td>
              <td className="px-4 py-3 print:px-2">Balance brought forward</td>
              <td className="px-4 py-3 print:px-2" />
              <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums print:px-2">
                {formatUsd(statement.openingBalanceCents)}
              </td>
            </tr>
          )}
          {lines.map((line, index) => (
            <tr key={index} className="break-inside-avoid">
              <td className="whitespace-nowrap px-4 py-3 print:px-2">{shortDate(line.date)}</td>
              <td className="px-4 py-3 print:px-2">{line.description}</td>
              <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums print:px-2">
                {formatUsd(line.amountCents)}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums print:px-2">
                {formatUsd(line.balanceCents)}
              </td>
            </tr>
          ))}
        </PortalTable>
      )}
    </>
  );
}

function Total({ label, value, hint }: { label: string; value: number; hint: string }) {
  return (
    <div className={`${PANEL_CLASSES} print:border-stone-400 print:p-2 print:shadow-none`}>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 font-sans text-2xl font-semibold tabular-nums print:text-base">
        {formatUsd(value)}
      </dd>
      <dd className="mt-1 text-xs text-muted">{hint}</dd>
    </div>
  );
}

function DateField({
  name,
  label,
  value,
  error,
}: {
  name: string;
  label: string;
  value: string;
  error: string | undefined;
}) {
  const id = `statement-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="date"
        // Keyed by the value in force, so going back shows that period.
        key={value}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-ink hover:border-ink/40"
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
