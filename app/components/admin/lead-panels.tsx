import type { DesignChoice } from "~/modules/visualizer/design-choices";
import { useId } from "react";
import { Badge } from "~/components/admin/badge";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { formatDateTime } from "~/components/admin/format";
import { StaffForm, useStaffForm } from "~/components/admin/staff-form";
import { Icon } from "~/components/ui/icon";
import type { Touch } from "~/db/schema";
import type { DeliveryLogEntry } from "~/modules/leads/lead-deliveries.server";
import { deliveryReplaySchema } from "~/modules/leads/lead-inbox.schema";

/** The parts of a lead's page that only show what is stored: fields, touches, deliveries. */

export function DeliveryList({
  deliveries,
  actionData,
}: {
  deliveries: DeliveryLogEntry[];
  actionData: unknown;
}) {
  return deliveries.length === 0 ? (
    <p className="text-sm text-muted">
      No deliveries: no webhook endpoint was enabled when this lead came in.
    </p>
  ) : (
    <ul className="flex flex-col gap-4">
      {deliveries.map((delivery) => (
        <li key={delivery.id} className="rounded-lg border border-stone-200 p-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="break-all font-semibold">{delivery.endpoint.address}</p>
              {delivery.endpoint.description && (
                <p className="text-sm text-muted">{delivery.endpoint.description}</p>
              )}
            </div>
            <Badge tone={deliveryTone(delivery.status)}>
              {deliveryLabel(delivery.status, delivery.attempts)}
            </Badge>
          </div>
          <Fields
            className="mt-3"
            rows={[
              ["Attempts", String(delivery.attempts)],
              [
                "Last attempt",
                delivery.lastAttemptAt ? formatDateTime(delivery.lastAttemptAt) : null,
              ],
              [
                "Next attempt",
                delivery.status === "pending" ? formatDateTime(delivery.nextAttemptAt) : null,
              ],
              ["Delivered at", delivery.deliveredAt ? formatDateTime(delivery.deliveredAt) : null],
              ["Last error", delivery.lastError],
            ]}
          />
          {delivery.attemptLog.length > 0 && (
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer font-semibold">
                Attempt log ({delivery.attemptLog.length})
              </summary>
              <ol className="mt-2 divide-y divide-stone-200">
                {delivery.attemptLog.map((attempt) => (
                  <li key={attempt.id} className="flex flex-wrap gap-x-4 gap-y-1 py-2">
                    <span className="font-semibold">#{attempt.attemptNumber}</span>
                    <span>{formatDateTime(attempt.createdAt)}</span>
                    <span>{attempt.statusCode ? `HTTP ${attempt.statusCode}` : "No answer"}</span>
                    <span className="tabular-nums text-muted">{attempt.durationMs} ms</span>
                    {attempt.error && (
                      <span className="w-full break-words text-danger">{attempt.error}</span>
                    )}
                  </li>
                ))}
              </ol>
            </details>
          )}
          <div className="mt-3">
            {delivery.status === "delivered" || delivery.status === "failed" ? (
              <DeliveryReplay delivery={delivery} actionData={actionData} />
            ) : (
              <p className="text-sm text-muted">Queued: it is sent (or retried) automatically.</p>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** "Replay delivery": one form per delivery, so its answer shows beside it. */
function DeliveryReplay({
  delivery,
  actionData,
}: {
  delivery: DeliveryLogEntry;
  actionData: unknown;
}) {
  const [form, fields] = useStaffForm(deliveryReplaySchema, {
    id: `replay-${delivery.id}`,
    actionData,
  });
  return (
    <StaffForm form={form} intent="replay">
      <input type="hidden" name={fields.deliveryId.name} value={delivery.id} />
      <ConfirmButton
        question={`Send this lead to ${delivery.endpoint.address} again?`}
        confirmLabel="Send again"
      >
        <Icon name="rotate-cw" className="size-4" />
        Replay delivery
      </ConfirmButton>
    </StaffForm>
  );
}

function deliveryTone(status: string) {
  if (status === "delivered") return "success" as const;
  if (status === "failed") return "danger" as const;
  return "warning" as const;
}

function deliveryLabel(status: string, attempts: number) {
  switch (status) {
    case "delivered":
      return "Delivered";
    case "failed":
      return "Given up";
    case "sending":
      return "Sending";
    default:
      return attempts > 0 ? "Retrying" : "Queued";
  }
}

/** Label and value pairs; empty values are shown as a dash so every field is visible. */
export function Fields({
  rows,
  mono = false,
  compact = false,
  className = "",
}: {
  rows: (readonly [string, React.ReactNode])[];
  mono?: boolean;
  /** For narrow columns: a shorter label column. */
  compact?: boolean;
  className?: string;
}) {
  return (
    <dl
      className={`grid gap-x-4 gap-y-2 text-sm ${
        compact ? "grid-cols-[7rem_1fr]" : "sm:grid-cols-[11rem_1fr]"
      } ${className}`}
    >
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className={`text-muted ${mono ? "font-mono text-xs sm:pt-0.5" : ""}`}>{label}</dt>
          <dd className="mb-1 min-w-0 break-words sm:mb-0">
            {value === null || value === undefined || value === "" ? "-" : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function TouchCard({ title, touch }: { title: string; touch: Touch | null }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg bg-stone-50 p-3">
      <h3 id={headingId} className="mb-2 font-sans text-sm font-semibold">
        {title}
      </h3>
      {touch ? (
        <Fields
          compact
          rows={[
            ["When", formatDateTime(touch.at)],
            ["Landing page", touch.landingPath],
            ["Referrer", touch.referrer],
            ...Object.entries(touch.params).map(([name, value]) => [name, value ?? ""] as const),
          ]}
        />
      ) : (
        <p className="text-sm text-muted">Not recorded.</p>
      )}
    </section>
  );
}

/** A visualizer design sent with a lead (docs/REQUIREMENTS.md R15.5): each choice with its swatch. */
export function DesignChoices({ choices }: { choices: readonly DesignChoice[] }) {
  return (
    <Fields
      rows={choices.map((choice) => [
        choice.label,
        choice.option ? (
          <span key={choice.category} className="inline-flex items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-block size-4 shrink-0 rounded-full border border-black/15"
              style={{ background: choice.option.swatch }}
            />
            {choice.option.name}
          </span>
        ) : (
          `${choice.key} (no longer in the catalogue)`
        ),
      ])}
    />
  );
}
