import { Badge } from "~/components/admin/badge";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { formatDateTime } from "~/components/admin/format";
import { FieldError, StaffForm, SubmitButton, useStaffForm } from "~/components/admin/staff-form";
import { SwitchButton, type SwitchIntents } from "~/components/admin/switch-button";
import { endpointCommandSchema } from "~/modules/settings/settings.schema";

/** An endpoint as the screen lists it: never its secret, only whether it has one. */
export interface EndpointView {
  id: number;
  url: string;
  description: string;
  enabled: boolean;
  signed: boolean;
  lastTest: {
    statusCode: number | null;
    ok: boolean;
    durationMs: number;
    error: string | null;
    at: Date;
  } | null;
}

const ENDPOINT_SWITCH: SwitchIntents = {
  on: { intent: "webhook-enable", label: "Enable" },
  off: { intent: "webhook-disable", label: "Disable" },
};

export function EndpointItem({
  endpoint,
  actionData,
}: {
  endpoint: EndpointView;
  actionData: unknown;
}) {
  const formId = `endpoint-${endpoint.id}`;
  const [form, fields] = useStaffForm(endpointCommandSchema, {
    id: formId,
    actionData,
    defaultValue: { endpointId: String(endpoint.id) },
  });
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
      {endpoint.description && (
        <p className="mt-1 break-words text-sm text-muted">{endpoint.description}</p>
      )}
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
      <StaffForm form={form} className="mt-3" aria-label={`Endpoint ${endpoint.url}`}>
        <input type="hidden" name={fields.endpointId.name} value={endpoint.id} />
        <FieldError id={fields.endpointId.id} message={fields.endpointId.errors?.[0]} />
        <div className="flex flex-wrap gap-2">
          <SubmitButton
            formId={formId}
            intent="webhook-test"
            variant="secondary"
            pendingLabel="Sending…"
          >
            Send test delivery
          </SubmitButton>
          <SwitchButton formId={formId} isOn={endpoint.enabled} intents={ENDPOINT_SWITCH} />
          <ConfirmButton
            intent="webhook-delete"
            variant="ghost"
            question={`Delete the endpoint ${endpoint.url}? Its delivery history goes with it.`}
            confirmLabel="Delete endpoint"
          >
            Delete
          </ConfirmButton>
        </div>
      </StaffForm>
    </li>
  );
}
