import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, desc, eq, like, sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { auditEvents, webhookEndpoints } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import {
  fieldErrors,
  webhookEndpointSchema,
  type InvalidForm,
} from "~/modules/settings/settings.schema";
import { INVALID_WEBHOOK_URL, postWebhook, webhookUrl } from "./post.server";
import { endpointRefusal, METADATA_TARGET_REFUSED } from "./target-guard.server";

/**
 * The webhook endpoints as admins manage them in the settings screen: listed without their
 * secrets, added with a secret shown once, switched on and off, deleted, and tested with a
 * signed POST. Every change and test is audited (never a secret, never a URL's query).
 */

type Handle = Pick<DatabaseHandle, "db" | "transaction">;

export const ENDPOINT_MESSAGES = {
  privateTarget:
    "This address is on this machine or a private network, where webhooks are refused. The operator can allow it with WEBHOOK_ALLOW_PRIVATE_TARGETS=true.",
  metadataTarget: "This is a cloud metadata service, which never receives webhooks.",
} as const;

/** An endpoint as the admin area lists it: never its secret, only whether it has one. */
export interface WebhookEndpointView {
  id: number;
  url: string;
  description: string;
  enabled: boolean;
  signed: boolean;
  createdAt: Date;
  lastTest: TestDeliveryResult | null;
}

export interface TestDeliveryResult {
  /** HTTP status, or null when no answer came. */
  statusCode: number | null;
  ok: boolean;
  durationMs: number;
  error: string | null;
  at: Date;
}

/** The X-Lumen-Event of a test delivery. */
const TEST_EVENT = "test";

/** A signing secret: 32 random bytes, base64url (43 characters). */
const generateWebhookSecret = (): string => randomBytes(32).toString("base64url");

/** The address without its query string, which often carries a token: for the audit log. */
function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    return `${url.origin}${url.pathname}${url.search ? "?…" : ""}`;
  } catch {
    return "(not a valid address)";
  }
}

const endpointTarget = (id: number) => `webhook:${id}`;

export async function listWebhookEndpoints(db: Database): Promise<WebhookEndpointView[]> {
  const rows = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      enabled: webhookEndpoints.enabled,
      signed: sql<boolean>`${webhookEndpoints.secret} is not null`,
      createdAt: webhookEndpoints.createdAt,
    })
    .from(webhookEndpoints)
    .orderBy(asc(webhookEndpoints.id));
  // The latest test of each endpoint is read back from the audit log, where it is kept.
  const tests = await db
    .selectDistinctOn([auditEvents.target], {
      target: auditEvents.target,
      details: auditEvents.details,
      createdAt: auditEvents.createdAt,
    })
    .from(auditEvents)
    .where(
      and(eq(auditEvents.action, "settings.webhook.test"), like(auditEvents.target, "webhook:%")),
    )
    .orderBy(auditEvents.target, desc(auditEvents.id));
  const lastTests = new Map(tests.map((test) => [test.target, test]));
  return rows.map((row) => {
    const test = lastTests.get(endpointTarget(row.id));
    const details = (test?.details ?? {}) as Partial<Omit<TestDeliveryResult, "at">>;
    return {
      ...row,
      signed: Boolean(row.signed),
      lastTest: test
        ? {
            statusCode: details.statusCode ?? null,
            ok: Boolean(details.ok),
            durationMs: details.durationMs ?? 0,
            error: details.error ?? null,
            at: test.createdAt,
          }
        : null,
    };
  });
}

export type CreateEndpointOutcome =
  { ok: true; endpoint: { id: number; url: string }; secret: string } | InvalidForm;

/**
 * Adds an endpoint with a new signing secret. The secret is in this answer only: it is
 * stored for signing, and no listing returns it again.
 */
export async function createWebhookEndpoint(
  database: Handle,
  actor: Actor,
  raw: Record<string, string | undefined>,
  { allowPrivateTargets }: { allowPrivateTargets: boolean },
): Promise<CreateEndpointOutcome> {
  const parsed = webhookEndpointSchema.safeParse({
    url: raw.url ?? "",
    description: raw.description ?? "",
    enabled: raw.enabled,
  });
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  // Refused now, beside the address, rather than as a failed delivery of every lead.
  const refusal = endpointRefusal(parsed.data.url, allowPrivateTargets);
  if (refusal) {
    return {
      ok: false,
      errors: {
        url:
          refusal === METADATA_TARGET_REFUSED
            ? ENDPOINT_MESSAGES.metadataTarget
            : ENDPOINT_MESSAGES.privateTarget,
      },
    };
  }
  const secret = generateWebhookSecret();
  const endpoint = await database.transaction(async (tx) => {
    const [row] = await tx.db
      .insert(webhookEndpoints)
      .values({ ...parsed.data, secret })
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
    if (!row) throw new Error("The webhook endpoint was not stored");
    await recordAudit(tx.db, actor, {
      action: "settings.webhook.create",
      target: endpointTarget(row.id),
      details: {
        url: redactUrl(parsed.data.url),
        description: parsed.data.description,
        enabled: parsed.data.enabled,
      },
    });
    return row;
  });
  return { ok: true, endpoint, secret };
}

/** What a change of one endpoint audits; null when there was nothing to change. */
type EndpointChange = { action: string; details: Record<string, unknown> } | null;

/**
 * Makes one change to an endpoint and audits it, in one transaction. False when the
 * endpoint does not exist (`change` answers undefined).
 */
function changeEndpoint(
  database: Handle,
  actor: Actor,
  id: number,
  change: (db: Database) => Promise<EndpointChange | undefined>,
): Promise<boolean> {
  return database.transaction(async (tx) => {
    const audited = await change(tx.db);
    if (audited === undefined) return false;
    if (audited) await recordAudit(tx.db, actor, { ...audited, target: endpointTarget(id) });
    return true;
  });
}

/** Turns an endpoint on or off; false when it does not exist. */
export function setWebhookEndpointEnabled(
  database: Handle,
  actor: Actor,
  id: number,
  enabled: boolean,
): Promise<boolean> {
  return changeEndpoint(database, actor, id, async (db) => {
    const [before] = await db
      .select({ enabled: webhookEndpoints.enabled, url: webhookEndpoints.url })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .for("update");
    if (!before) return undefined;
    if (before.enabled === enabled) return null;
    await db.update(webhookEndpoints).set({ enabled }).where(eq(webhookEndpoints.id, id));
    return {
      action: enabled ? "settings.webhook.enable" : "settings.webhook.disable",
      details: {
        url: redactUrl(before.url),
        changes: [{ field: "enabled", from: before.enabled, to: enabled }],
      },
    };
  });
}

/** Deletes an endpoint (and, by cascade, its deliveries); false when it does not exist. */
export function deleteWebhookEndpoint(database: Handle, actor: Actor, id: number) {
  return changeEndpoint(database, actor, id, async (db) => {
    const [deleted] = await db
      .delete(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .returning({
        url: webhookEndpoints.url,
        description: webhookEndpoints.description,
        enabled: webhookEndpoints.enabled,
      });
    return (
      deleted && {
        action: "settings.webhook.delete",
        details: { ...deleted, url: redactUrl(deleted.url) },
      }
    );
  });
}

const MAX_ERROR_LENGTH = 300;

/**
 * POSTs a signed test body to the endpoint now (not through the queue), with the headers
 * a lead delivery carries and the event "test", under the same address rules; the outcome
 * is audited. Undefined when the endpoint does not exist.
 */
export async function sendTestDelivery(
  database: Handle,
  actor: Actor,
  id: number,
  options: { allowPrivateTargets: boolean; companyName?: string; timeoutMs?: number },
): Promise<TestDeliveryResult | undefined> {
  const [endpoint] = await database.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  if (!endpoint) return undefined;

  const deliveryId = randomUUID();
  const at = new Date();
  const body = JSON.stringify({
    event: TEST_EVENT,
    id: deliveryId,
    sentAt: at.toISOString(),
    message: `A test delivery from the staff area${options.companyName ? ` of ${options.companyName}` : ""}. It carries no lead.`,
  });
  const url = webhookUrl(endpoint.url);
  const { statusCode, durationMs, error } = url
    ? await postWebhook(
        {
          url,
          event: TEST_EVENT,
          body,
          secret: endpoint.secret,
          idempotencyKey: deliveryId,
          attempt: 1,
        },
        { allowPrivateTargets: options.allowPrivateTargets, timeoutMs: options.timeoutMs },
      )
    : { statusCode: null, durationMs: 0, error: INVALID_WEBHOOK_URL };
  const result: TestDeliveryResult = {
    statusCode,
    ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
    durationMs,
    error:
      error && error.length > MAX_ERROR_LENGTH ? `${error.slice(0, MAX_ERROR_LENGTH - 1)}…` : error,
    at,
  };
  await recordAudit(database.db, actor, {
    action: "settings.webhook.test",
    target: endpointTarget(id),
    details: {
      url: redactUrl(endpoint.url),
      statusCode: result.statusCode,
      ok: result.ok,
      durationMs: result.durationMs,
      error: result.error,
    },
    at,
  });
  return result;
}
