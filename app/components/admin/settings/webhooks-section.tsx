import { EmptyState, Panel } from "~/components/admin/page";
import { StaffForm, SubmitButton, useStaffForm } from "~/components/admin/staff-form";
import { FormCheckbox } from "~/components/admin/staff-form-fields";
import { webhookCreateSchema } from "~/modules/settings/settings.schema";
import { EndpointItem, type EndpointView } from "./endpoint-item";
import { FormFieldGrid, type GridField } from "./field-grid";

/** An endpoint just added, with the signing secret shown this once. */
export interface CreatedEndpoint {
  id: number;
  url: string;
  secret: string;
}

/** What the action answers after adding an endpoint (not a redirect: the secret is in it). */
function createdEndpoint(actionData: unknown): CreatedEndpoint | undefined {
  if (!actionData || typeof actionData !== "object" || !("created" in actionData)) return;
  return actionData.created as CreatedEndpoint;
}

/** The new endpoint's text fields; the enabled switch follows them. */
const NEW_ENDPOINT_FIELDS = [
  { name: "url", type: "url", label: "URL", placeholder: "https://", wide: true },
  { name: "description", label: "Description", hint: "What receives it, e.g. the CRM." },
] as const satisfies readonly GridField<"url" | "description">[];

/** Where each new lead is sent besides the inbox: list, add, test, switch off, delete. */
export function WebhooksSection({
  endpoints,
  actionData,
  allowPrivateTargets,
}: {
  endpoints: EndpointView[];
  actionData: unknown;
  allowPrivateTargets: boolean;
}) {
  const created = createdEndpoint(actionData);
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

        {created && <NewSecret endpoint={created} />}

        {endpoints.length === 0 ? (
          <EmptyState icon="send" title="No endpoints yet">
            New leads are stored and e-mailed, but sent nowhere else.
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-3">
            {endpoints.map((endpoint) => (
              <EndpointItem key={endpoint.id} endpoint={endpoint} actionData={actionData} />
            ))}
          </ul>
        )}

        {/* Keyed by the endpoint just added, so adding one clears the form. */}
        <AddEndpointForm key={created ? `added-${created.id}` : "new"} actionData={actionData} />
      </Panel>
    </div>
  );
}

function NewSecret({ endpoint }: { endpoint: CreatedEndpoint }) {
  return (
    <div
      role="status"
      className="mb-5 rounded-lg border border-brass/40 bg-brass-light/40 p-4 text-sm"
    >
      <p className="font-semibold">Endpoint added. Copy its signing secret now.</p>
      <p className="mt-1 text-muted">
        It is shown only this once. The receiver checks each request with it.
      </p>
      <label htmlFor="new-endpoint-secret" className="mt-3 block break-all font-semibold">
        Signing secret for {endpoint.url}
      </label>
      <input
        id="new-endpoint-secret"
        readOnly
        value={endpoint.secret}
        className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 font-mono text-sm"
        onFocus={(event) => event.currentTarget.select()}
      />
    </div>
  );
}

function AddEndpointForm({ actionData }: { actionData: unknown }) {
  const formId = "webhook-create";
  const [form, fields] = useStaffForm(webhookCreateSchema, {
    id: formId,
    actionData,
    defaultValue: { enabled: "on" },
  });
  return (
    <div className="mt-6 border-t border-stone-200 pt-5">
      <h3 className="mb-3 font-sans text-sm font-semibold">Add an endpoint</h3>
      <StaffForm form={form} intent={formId} aria-label="Add an endpoint">
        <FormFieldGrid fields={fields} list={NEW_ENDPOINT_FIELDS}>
          <FormCheckbox
            field={fields.enabled}
            label="Enabled: send new leads to it"
            className="sm:self-center"
          />
        </FormFieldGrid>
        <div className="mt-5 flex justify-end">
          <SubmitButton formId={formId} pendingLabel="Adding…">
            Add endpoint
          </SubmitButton>
        </div>
      </StaffForm>
    </div>
  );
}
