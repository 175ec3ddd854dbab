import { useId } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import {
  Badge,
  ConfirmButton,
  EmptyState,
  formatDateTime,
  PageHeader,
  Panel,
} from "~/components/admin/ui";
import { Button } from "~/components/ui/button";
import { CheckboxField, FieldError, TextAreaField, TextField } from "~/components/ui/form-field";
import { WEEKDAYS } from "~/db/schema";
import { runtimeContext } from "~/modules/platform/context";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  saveSettingsSection,
  sendTestDelivery,
  setWebhookEndpointEnabled,
  type SettingsActor,
} from "~/modules/settings/settings-admin.server";
import {
  HOURS_ROWS,
  isSettingsSection,
  MAX_NOTIFICATION_EMAILS,
  readSectionForm,
  SECTION_FIELDS,
  type RawHoursRow,
  type SettingsSection,
} from "~/modules/settings/settings.schema";
import { getCompanySettings } from "~/modules/settings/settings.server";
import { flashCookie } from "~/modules/staff/flash.server";
import { requestIp, requireStaff } from "~/modules/staff/guard.server";

export const meta: Route.MetaFunction = () => [{ title: "Settings | Staff area" }];

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db, config } = context.get(runtimeContext);
  const [company, endpoints] = await Promise.all([
    getCompanySettings(db),
    listWebhookEndpoints(db),
  ]);
  // Constants of the rules travel with the data: the page's code stays free of them.
  const limits = {
    weekdays: [...WEEKDAYS],
    hoursRows: HOURS_ROWS,
    maxEmails: MAX_NOTIFICATION_EMAILS,
  };
  return { company, endpoints, limits, allowPrivateTargets: config.webhookAllowPrivateTargets };
}

const SECTION_LABELS: Record<SettingsSection, string> = {
  profile: "Company profile",
  hours: "Opening hours",
  links: "Links",
  claims: "Claims",
  referral: "Referral by name",
  notifications: "Notification e-mails",
  security: "Protection",
};

const ENDPOINT_INTENTS = new Set([
  "webhook-enable",
  "webhook-disable",
  "webhook-delete",
  "webhook-test",
]);

const toSettings = (message: string, tone: "success" | "error" = "success", hash = "") =>
  redirect(`/admin/settings${hash}`, {
    headers: { "Set-Cookie": flashCookie({ message, tone }) },
  });

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context);
  const runtime = context.get(runtimeContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const actor: SettingsActor = {
    id: staff.id,
    email: staff.email,
    ip: requestIp(request, context) ?? null,
  };

  if (isSettingsSection(intent)) {
    const raw = readSectionForm(intent, form);
    const outcome = await saveSettingsSection(runtime.database, actor, intent, raw);
    if (!outcome.ok) {
      return data({ intent, errors: outcome.errors, values: raw }, { status: 422 });
    }
    return toSettings(
      outcome.changes.length > 0
        ? `${SECTION_LABELS[intent]} saved.`
        : `${SECTION_LABELS[intent]}: nothing had changed.`,
      "success",
      `#${intent}`,
    );
  }

  if (intent === "webhook-create") {
    const raw = {
      url: String(form.get("url") ?? ""),
      description: String(form.get("description") ?? ""),
      enabled: form.get("enabled") === "on" ? "on" : undefined,
    };
    const outcome = await createWebhookEndpoint(runtime.database, actor, raw);
    if (!outcome.ok) {
      return data({ intent, errors: outcome.errors, values: raw }, { status: 422 });
    }
    // Answered, not redirected: this page is the only place the secret is ever shown.
    return data({ intent, created: { ...outcome.endpoint, secret: outcome.secret } });
  }

  if (!ENDPOINT_INTENTS.has(intent)) return toSettings("Unknown action.", "error");
  const id = Number(form.get("endpointId"));
  if (!Number.isInteger(id) || id <= 0) {
    return toSettings("Choose an endpoint.", "error", "#webhooks");
  }
  const missing = () => toSettings("That endpoint no longer exists.", "error", "#webhooks");
  switch (intent) {
    case "webhook-enable":
    case "webhook-disable": {
      const enabled = intent === "webhook-enable";
      const found = await setWebhookEndpointEnabled(runtime.database, actor, id, enabled);
      if (!found) return missing();
      return toSettings(`Endpoint ${enabled ? "enabled" : "disabled"}.`, "success", "#webhooks");
    }
    case "webhook-delete": {
      if (!(await deleteWebhookEndpoint(runtime.database, actor, id))) return missing();
      return toSettings("Endpoint deleted.", "success", "#webhooks");
    }
    case "webhook-test": {
      const company = await getCompanySettings(runtime.db);
      const result = await sendTestDelivery(runtime.database, actor, id, {
        companyName: company.name,
        allowPrivateTargets: runtime.config.webhookAllowPrivateTargets,
      });
      if (!result) return missing();
      return toSettings(
        result.ok
          ? `Test delivery answered HTTP ${result.statusCode} in ${result.durationMs} ms.`
          : `Test delivery failed: ${result.error ?? "no answer"}.`,
        result.ok ? "success" : "error",
        "#webhooks",
      );
    }
    default:
      return toSettings("Unknown action.", "error");
  }
}

type ActionData = Route.ComponentProps["actionData"];

/** The errors and posted values of the form `intent`, if it was the one just sent. */
function feedback(actionData: ActionData, intent: string) {
  if (!actionData || actionData.intent !== intent || !("errors" in actionData)) {
    return { errors: {} as Record<string, string>, values: undefined };
  }
  return {
    errors: actionData.errors,
    values: actionData.values as Record<string, string> & { rows?: RawHoursRow[] },
  };
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { company, endpoints, limits, allowPrivateTargets } = loaderData;
  // A section shows its stored values afresh when they change (after its own save), and
  // only then: saving one section leaves what is being typed in another alone.
  const versionOf = (section: SettingsSection) =>
    JSON.stringify(SECTION_FIELDS[section].map((field) => company[field as keyof typeof company]));
  const created = actionData && "created" in actionData ? actionData.created : undefined;

  const value = (values: Record<string, string> | undefined, field: keyof typeof company) =>
    values?.[field] ?? String(company[field] ?? "");

  return (
    <>
      <PageHeader
        title="Settings"
        description="What the public site shows about the company, where new leads are sent, and how the site and staff area are protected."
      />
      <nav aria-label="Settings sections" className="mb-6 flex flex-wrap gap-2 text-sm">
        {[...Object.entries(SECTION_LABELS), ["webhooks", "Webhook endpoints"]].map(
          ([id, label]) => (
            <a
              key={id}
              href={`#${id}`}
              className="rounded-full border border-stone-300 bg-white px-3 py-1.5 hover:border-ink/40"
            >
              {label}
            </a>
          ),
        )}
      </nav>

      <div className="flex flex-col gap-6">
        <SectionForm section="profile" version={versionOf("profile")} actionData={actionData}>
          {({ errors, values }) => (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                id="settings-name"
                name="name"
                label="Company name"
                required
                defaultValue={value(values, "name")}
                error={errors.name}
                className="sm:col-span-2"
              />
              <TextField
                id="settings-phone"
                name="phone"
                type="tel"
                label="Phone"
                required
                defaultValue={value(values, "phone")}
                error={errors.phone}
              />
              <TextField
                id="settings-email"
                name="email"
                type="email"
                label="E-mail"
                required
                defaultValue={value(values, "email")}
                error={errors.email}
              />
              <TextField
                id="settings-street"
                name="streetAddress"
                label="Street address"
                required
                defaultValue={value(values, "streetAddress")}
                error={errors.streetAddress}
                className="sm:col-span-2"
              />
              <TextField
                id="settings-locality"
                name="addressLocality"
                label="City or town"
                required
                defaultValue={value(values, "addressLocality")}
                error={errors.addressLocality}
              />
              <TextField
                id="settings-region"
                name="addressRegion"
                label="State"
                required
                defaultValue={value(values, "addressRegion")}
                error={errors.addressRegion}
              />
              <TextField
                id="settings-postal"
                name="postalCode"
                label="ZIP code"
                required
                defaultValue={value(values, "postalCode")}
                error={errors.postalCode}
              />
              <TextField
                id="settings-country"
                name="addressCountry"
                label="Country code"
                hint="Two letters, like US."
                required
                maxLength={2}
                defaultValue={value(values, "addressCountry")}
                error={errors.addressCountry}
              />
              <TextField
                id="settings-latitude"
                name="latitude"
                label="Latitude"
                inputMode="decimal"
                required
                defaultValue={value(values, "latitude")}
                error={errors.latitude}
              />
              <TextField
                id="settings-longitude"
                name="longitude"
                label="Longitude"
                inputMode="decimal"
                required
                defaultValue={value(values, "longitude")}
                error={errors.longitude}
              />
            </div>
          )}
        </SectionForm>

        <SectionForm
          section="hours"
          version={versionOf("hours")}
          actionData={actionData}
          description="Each row is a set of days with the same hours. Leave a row empty to drop it."
        >
          {({ errors, values }) => (
            <HoursRows
              weekdays={limits.weekdays}
              count={limits.hoursRows}
              rows={
                values?.rows ??
                company.openingHours.map((entry) => ({
                  days: entry.days as string[],
                  opens: entry.opens,
                  closes: entry.closes,
                }))
              }
              errors={errors}
            />
          )}
        </SectionForm>

        <SectionForm section="links" version={versionOf("links")} actionData={actionData}>
          {({ errors, values }) => (
            <div className="grid gap-4 sm:grid-cols-2">
              {(
                [
                  ["financingUrl", "Financing (pre-approval) page"],
                  ["paymentsUrl", "Payments page"],
                  ["reviewUrl", "Review page"],
                  ["facebookUrl", "Facebook"],
                  ["instagramUrl", "Instagram"],
                ] as const
              ).map(([field, label]) => (
                <TextField
                  key={field}
                  id={`settings-${field}`}
                  name={field}
                  type="url"
                  label={label}
                  required
                  defaultValue={value(values, field)}
                  error={errors[field]}
                />
              ))}
            </div>
          )}
        </SectionForm>

        <SectionForm
          section="claims"
          version={versionOf("claims")}
          actionData={actionData}
          description="Figures the site states about the company (also in its search-engine data)."
        >
          {({ errors, values }) => (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                id="settings-rating"
                name="ratingValue"
                label="Rating (1 to 5)"
                inputMode="decimal"
                required
                defaultValue={value(values, "ratingValue")}
                error={errors.ratingValue}
              />
              <TextField
                id="settings-rating-count"
                name="ratingCount"
                label="Number of ratings"
                inputMode="numeric"
                required
                defaultValue={value(values, "ratingCount")}
                error={errors.ratingCount}
              />
              <TextField
                id="settings-projects"
                name="projectsCount"
                label="Projects completed"
                inputMode="numeric"
                required
                defaultValue={value(values, "projectsCount")}
                error={errors.projectsCount}
              />
              <TextField
                id="settings-founded"
                name="foundedYear"
                label="Year founded"
                inputMode="numeric"
                required
                defaultValue={value(values, "foundedYear")}
                error={errors.foundedYear}
              />
              <TextField
                id="settings-price-range"
                name="priceRange"
                label="Price range"
                hint="$ to $$$$"
                required
                defaultValue={value(values, "priceRange")}
                error={errors.priceRange}
              />
              <TextField
                id="settings-radius"
                name="serviceRadiusMeters"
                label="Service area radius (meters)"
                hint="300000 is about 186 miles."
                inputMode="numeric"
                required
                defaultValue={value(values, "serviceRadiusMeters")}
                error={errors.serviceRadiusMeters}
              />
              <TextField
                id="settings-area-latitude"
                name="serviceAreaLatitude"
                label="Service area centre: latitude"
                inputMode="decimal"
                required
                defaultValue={value(values, "serviceAreaLatitude")}
                error={errors.serviceAreaLatitude}
              />
              <TextField
                id="settings-area-longitude"
                name="serviceAreaLongitude"
                label="Service area centre: longitude"
                inputMode="decimal"
                required
                defaultValue={value(values, "serviceAreaLongitude")}
                error={errors.serviceAreaLongitude}
              />
            </div>
          )}
        </SectionForm>

        <SectionForm section="referral" version={versionOf("referral")} actionData={actionData}>
          {({ errors, values }) => (
            <TextField
              id="settings-referral"
              name="referralByName"
              label="Person visitors can name"
              hint={`Offered under "How did you hear about us?" on the consultation form. Leave empty to hide the option.`}
              defaultValue={value(values, "referralByName")}
              error={errors.referralByName}
            />
          )}
        </SectionForm>

        <SectionForm
          section="notifications"
          version={versionOf("notifications")}
          actionData={actionData}
        >
          {({ errors, values }) => (
            <NotificationEmails
              max={limits.maxEmails}
              defaultValue={values?.notificationEmails ?? company.notificationEmails.join("\n")}
              error={errors.notificationEmails}
            />
          )}
        </SectionForm>

        <SectionForm section="security" version={versionOf("security")} actionData={actionData}>
          {({ values }) => (
            <div className="flex flex-col gap-4">
              <div className="flex flex-col gap-1">
                <CheckboxField
                  id="settings-bot-protection"
                  name="botProtection"
                  label="Bot protection: turn away visitors the bot check is confident are automated (search engines are always let in)."
                  aria-describedby="settings-bot-protection-status"
                  defaultChecked={values ? values.botProtection === "on" : company.botProtection}
                />
                <p
                  id="settings-bot-protection-status"
                  className="ml-8 text-sm font-medium text-brass-dark"
                >
                  Not active yet: the bot check is not part of this version, so this switch is
                  stored but turns nobody away.
                </p>
              </div>
              <CheckboxField
                id="settings-require-two-factor"
                name="requireStaffTwoFactor"
                label="Require an authenticator for all staff: members without one must set it up before using the staff area."
                defaultChecked={
                  values ? values.requireStaffTwoFactor === "on" : company.requireStaffTwoFactor
                }
              />
            </div>
          )}
        </SectionForm>

        <Webhooks
          endpoints={endpoints}
          actionData={actionData}
          created={created}
          allowPrivateTargets={allowPrivateTargets}
        />
      </div>
    </>
  );
}

function SectionForm({
  section,
  version,
  actionData,
  description,
  children,
}: {
  section: SettingsSection;
  version: string;
  actionData: ActionData;
  description?: string;
  children: (state: ReturnType<typeof feedback>) => React.ReactNode;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === section;
  const state = feedback(actionData, section);
  const failed = Object.keys(state.errors).length > 0;
  return (
    <div id={section} className="scroll-mt-6">
      <Panel title={SECTION_LABELS[section]}>
        {description && <p className="-mt-2 mb-4 text-sm text-muted">{description}</p>}
        <Form method="post" key={failed ? `${version}-edit` : version} noValidate>
          <input type="hidden" name="intent" value={section} />
          {failed && (
            <p role="alert" className="mb-4 text-sm font-medium text-danger">
              Not saved: correct the fields marked below.
            </p>
          )}
          {children(state)}
          <div className="mt-5 flex justify-end">
            <Button type="submit" variant="primary" disabled={saving}>
              {saving ? "Saving…" : "Save"}
            </Button>
          </div>
        </Form>
      </Panel>
    </div>
  );
}

function HoursRows({
  weekdays,
  count,
  rows,
  errors,
}: {
  weekdays: string[];
  count: number;
  rows: RawHoursRow[];
  errors: Record<string, string>;
}) {
  const padded = Array.from(
    { length: count },
    (_, index) => rows[index] ?? { days: [], opens: "", closes: "" },
  );
  return (
    <div className="flex flex-col gap-3">
      <FieldError id="settings-hours" message={errors.rows} />
      {padded.map((row, index) => (
        <HoursRow key={index} index={index} row={row} weekdays={weekdays} errors={errors} />
      ))}
    </div>
  );
}

function HoursRow({
  index,
  row,
  weekdays,
  errors,
}: {
  index: number;
  row: RawHoursRow;
  weekdays: string[];
  errors: Record<string, string>;
}) {
  const id = useId();
  const error = (field: string) => errors[`rows.${index}.${field}`];
  return (
    <fieldset className="rounded-lg border border-stone-200 p-3">
      <legend className="px-1 text-sm font-semibold">Row {index + 1}</legend>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start">
        <div className="flex-1">
          <div
            role="group"
            aria-label={`Days of row ${index + 1}`}
            aria-describedby={error("days") ? `${id}-days-error` : undefined}
            className="flex flex-wrap gap-x-3 gap-y-2"
          >
            {weekdays.map((day) => (
              <label key={day} className="flex min-h-11 items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  name={`hours.${index}.days`}
                  value={day}
                  defaultChecked={row.days.includes(day)}
                  className="size-4 accent-brass"
                />
                <span aria-hidden="true">{day.slice(0, 3)}</span>
                <span className="sr-only">{day}</span>
              </label>
            ))}
          </div>
          <FieldError id={`${id}-days`} message={error("days")} />
        </div>
        <div className="grid grid-cols-2 gap-3 lg:w-72">
          <TextField
            id={`${id}-opens`}
            name={`hours.${index}.opens`}
            type="time"
            label="Opens"
            defaultValue={row.opens}
            error={error("opens")}
          />
          <TextField
            id={`${id}-closes`}
            name={`hours.${index}.closes`}
            type="time"
            label="Closes"
            defaultValue={row.closes}
            error={error("closes")}
          />
        </div>
      </div>
    </fieldset>
  );
}

function NotificationEmails({
  max,
  defaultValue,
  error,
}: {
  max: number;
  defaultValue: string;
  error?: string;
}) {
  return (
    <TextAreaField
      id="settings-notification-emails"
      name="notificationEmails"
      label="Addresses told of each new lead"
      rows={4}
      defaultValue={defaultValue}
      hint={`One per line, up to ${max}. Leave empty to send no notifications.`}
      error={error}
    />
  );
}

type EndpointView = Route.ComponentProps["loaderData"]["endpoints"][number];

function Webhooks({
  endpoints,
  actionData,
  created,
  allowPrivateTargets,
}: {
  endpoints: EndpointView[];
  actionData: ActionData;
  created: { id: number; url: string; secret: string } | undefined;
  allowPrivateTargets: boolean;
}) {
  const { errors, values } = feedback(actionData, "webhook-create");
  const navigation = useNavigation();
  const adding =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "webhook-create";
  return (
    <div id="webhooks" className="scroll-mt-6">
      <Panel title="Webhook endpoints">
        <p className="-mt-2 mb-4 text-sm text-muted">
          Each new lead is sent to every enabled endpoint as a signed POST (header
          X-Lumen-Signature), retried for a day if the receiver is down.{" "}
          {allowPrivateTargets
            ? "Endpoints on private and loopback addresses are allowed (WEBHOOK_ALLOW_PRIVATE_TARGETS=true)."
            : "Endpoints on private and loopback addresses are refused unless the operator sets WEBHOOK_ALLOW_PRIVATE_TARGETS=true."}
        </p>

        {created && (
          <div
            role="status"
            className="mb-5 rounded-lg border border-brass/40 bg-brass-light/40 p-4 text-sm"
          >
            <p className="font-semibold">Endpoint added. Copy its signing secret now.</p>
            <p className="mt-1 text-muted">
              It is shown only this once. The receiver checks each request with it.
            </p>
            <label htmlFor="new-endpoint-secret" className="mt-3 block font-semibold">
              Signing secret for {created.url}
            </label>
            <input
              id="new-endpoint-secret"
              readOnly
              value={created.secret}
              className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 font-mono text-sm"
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
        )}

        {endpoints.length === 0 ? (
          <EmptyState icon="send" title="No endpoints yet">
            New leads are stored and e-mailed, but sent nowhere else.
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-3">
            {endpoints.map((endpoint) => (
              <EndpointItem key={endpoint.id} endpoint={endpoint} />
            ))}
          </ul>
        )}

        <Form
          method="post"
          noValidate
          key={created ? `added-${created.id}` : "new"}
          className="mt-6 border-t border-stone-200 pt-5"
        >
          <h3 className="mb-3 font-sans text-sm font-semibold">Add an endpoint</h3>
          <input type="hidden" name="intent" value="webhook-create" />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="webhook-url"
              name="url"
              type="url"
              label="URL"
              required
              placeholder="https://"
              defaultValue={values?.url ?? ""}
              error={errors.url}
              className="sm:col-span-2"
            />
            <TextField
              id="webhook-description"
              name="description"
              label="Description"
              hint="What receives it, e.g. the CRM."
              defaultValue={values?.description ?? ""}
              error={errors.description}
            />
            <CheckboxField
              id="webhook-enabled"
              name="enabled"
              label="Enabled: send new leads to it"
              defaultChecked={values ? values.enabled === "on" : true}
              className="sm:self-center"
            />
          </div>
          <div className="mt-5 flex justify-end">
            <Button type="submit" variant="primary" disabled={adding}>
              {adding ? "Adding…" : "Add endpoint"}
            </Button>
          </div>
        </Form>
      </Panel>
    </div>
  );
}

function EndpointItem({ endpoint }: { endpoint: EndpointView }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("endpointId") === String(endpoint.id)
      ? String(navigation.formData.get("intent"))
      : null;
  const test = endpoint.lastTest;
  return (
    <li className="rounded-lg border border-stone-200 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 break-all font-mono text-sm">{endpoint.url}</p>
        <Badge tone={endpoint.enabled ? "success" : "neutral"}>
          {endpoint.enabled ? "Enabled" : "Disabled"}
        </Badge>
        {!endpoint.signed && <Badge tone="warning">Unsigned</Badge>}
      </div>
      {endpoint.description && <p className="mt-1 text-sm text-muted">{endpoint.description}</p>}
      {endpoint.description === "LEAD_WEBHOOK_URL" && (
        <p className="mt-1 text-sm text-muted">
          Added from the LEAD_WEBHOOK_URL setting: deleted, it returns at the next start while that
          setting names it. Disable it instead.
        </p>
      )}
      <p className="mt-2 text-sm" aria-live="polite">
        {test ? (
          <>
            Last test {formatDateTime(test.at)}:{" "}
            <span className={test.ok ? "font-semibold text-sage" : "font-semibold text-danger"}>
              {test.statusCode !== null ? `HTTP ${test.statusCode}` : "no answer"}
            </span>
            {test.ok ? ` in ${test.durationMs} ms` : test.error ? ` (${test.error})` : ""}
          </>
        ) : (
          <span className="text-muted">Not tested yet.</span>
        )}
      </p>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="endpointId" value={endpoint.id} />
        <Button
          type="submit"
          name="intent"
          value="webhook-test"
          variant="secondary"
          disabled={busy !== null}
        >
          {busy === "webhook-test" ? "Sending…" : "Send test delivery"}
        </Button>
        <Button
          type="submit"
          name="intent"
          value={endpoint.enabled ? "webhook-disable" : "webhook-enable"}
          variant="secondary"
          disabled={busy !== null}
        >
          {endpoint.enabled ? "Disable" : "Enable"}
        </Button>
        <ConfirmButton
          name="intent"
          value="webhook-delete"
          variant="ghost"
          question={`Delete the endpoint ${endpoint.url}? Its delivery history goes with it.`}
          confirmLabel="Delete endpoint"
        >
          Delete
        </ConfirmButton>
      </Form>
    </li>
  );
}
