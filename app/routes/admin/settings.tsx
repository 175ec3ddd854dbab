import type { Route } from "./+types/settings";
import { PageHeader } from "~/components/admin/page";
import { ClaimsSection } from "~/components/admin/settings/claims-section";
import { CommissionsSection } from "~/components/admin/settings/commissions-section";
import { HoursSection } from "~/components/admin/settings/hours-section";
import { LinksSection } from "~/components/admin/settings/links-section";
import { NotificationsSection } from "~/components/admin/settings/notifications-section";
import { ProfileSection } from "~/components/admin/settings/profile-section";
import { ReferralSection } from "~/components/admin/settings/referral-section";
import { SecuritySection } from "~/components/admin/settings/security-section";
import { WebhooksSection } from "~/components/admin/settings/webhooks-section";
import { runtimeContext } from "~/modules/platform/context";
import { saveSettingsSection } from "~/modules/settings/settings-admin.server";
import {
  SECTION_FIELDS,
  SECTION_LABELS,
  settingsCommandSchema,
  type SettingsSection,
} from "~/modules/settings/settings.schema";
import { getCompanySettings } from "~/modules/settings/settings.server";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm } from "~/modules/staff/form-answer.server";
import { requireStaff } from "~/modules/staff/guard.server";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  sendTestDelivery,
  setWebhookEndpointEnabled,
} from "~/modules/webhooks/endpoints.server";
import { staffAction } from "./staff-action.server";

export const meta: Route.MetaFunction = () => [{ title: "Settings | Staff area" }];

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db, config } = context.get(runtimeContext);
  const [company, endpoints] = await Promise.all([
    getCompanySettings(db),
    listWebhookEndpoints(db),
  ]);
  return { company, endpoints, allowPrivateTargets: config.webhookAllowPrivateTargets };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime, actor } = staffAction(context);
  const { formId, submission } = await readStaffForm(request, settingsCommandSchema);
  if (submission.status !== "success") return formAnswer(formId, submission);
  const command = submission.value;
  const toSettings = (message: string, tone: "success" | "error", hash: string) =>
    redirectWithFlash(context, `/admin/settings${hash}`, { message, tone });
  const toWebhooks = (message: string, tone: "success" | "error" = "success") =>
    toSettings(message, tone, "#webhooks");
  const missing = () => toWebhooks("That endpoint no longer exists.", "error");

  switch (command.intent) {
    case "webhook-create": {
      const outcome = await createWebhookEndpoint(
        runtime.database,
        actor,
        {
          url: command.url,
          description: command.description,
          enabled: command.enabled ? "on" : undefined,
        },
        { allowPrivateTargets: runtime.config.webhookAllowPrivateTargets },
      );
      if (!outcome.ok) return formAnswer(formId, submission, { fieldErrors: outcome.errors });
      // Answered, not redirected: this page is the only place the secret is ever shown.
      return { created: { ...outcome.endpoint, secret: outcome.secret } };
    }
    case "webhook-enable":
    case "webhook-disable": {
      const enabled = command.intent === "webhook-enable";
      const id = command.endpointId;
      if (!(await setWebhookEndpointEnabled(runtime.database, actor, id, enabled))) {
        return missing();
      }
      return toWebhooks(`Endpoint ${enabled ? "enabled" : "disabled"}.`);
    }
    case "webhook-delete": {
      if (!(await deleteWebhookEndpoint(runtime.database, actor, command.endpointId))) {
        return missing();
      }
      return toWebhooks("Endpoint deleted.");
    }
    case "webhook-test": {
      const company = await getCompanySettings(runtime.db);
      const result = await sendTestDelivery(runtime.database, actor, command.endpointId, {
        companyName: company.name,
        allowPrivateTargets: runtime.config.webhookAllowPrivateTargets,
      });
      if (!result) return missing();
      return result.ok
        ? toWebhooks(`Test delivery answered HTTP ${result.statusCode} in ${result.durationMs} ms.`)
        : toWebhooks(`Test delivery failed: ${result.error ?? "no answer"}.`, "error");
    }
    default: {
      const { changes } = await saveSettingsSection(runtime.database, actor, command);
      const label = SECTION_LABELS[command.intent];
      return toSettings(
        changes.length > 0 ? `${label} saved.` : `${label}: nothing had changed.`,
        "success",
        `#${command.intent}`,
      );
    }
  }
}

const SECTION_MENU = [...Object.entries(SECTION_LABELS), ["webhooks", "Webhook endpoints"]];

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { company, endpoints, allowPrivateTargets } = loaderData;
  // A section starts afresh from the stored values when they change (after its own save),
  // and only then: saving one section leaves what is being typed in another alone.
  const versionOf = (section: SettingsSection) =>
    JSON.stringify(SECTION_FIELDS[section].map((field) => company[field]));
  const section = { company, actionData };
  return (
    <>
      <PageHeader
        title="Settings"
        description="What the public site shows about the company, where new leads are sent, and how the site and staff area are protected."
      />
      <nav aria-label="Settings sections" className="mb-6 flex flex-wrap gap-2 text-sm">
        {SECTION_MENU.map(([id, label]) => (
          <a
            key={id}
            href={`#${id}`}
            className="rounded-full border border-stone-300 bg-white px-3 py-1.5 hover:border-ink/40"
          >
            {label}
          </a>
        ))}
      </nav>

      <div className="flex flex-col gap-6">
        <ProfileSection key={versionOf("profile")} {...section} />
        <HoursSection key={versionOf("hours")} {...section} />
        <LinksSection key={versionOf("links")} {...section} />
        <ClaimsSection key={versionOf("claims")} {...section} />
        <ReferralSection key={versionOf("referral")} {...section} />
        <NotificationsSection key={versionOf("notifications")} {...section} />
        <SecuritySection key={versionOf("security")} {...section} />
        <CommissionsSection key={versionOf("commissions")} {...section} />
        <WebhooksSection
          endpoints={endpoints}
          actionData={actionData}
          allowPrivateTargets={allowPrivateTargets}
        />
      </div>
    </>
  );
}
