import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, desc, eq, like, sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { auditEvents, companySettings, webhookEndpoints, type CompanySettings } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit.server";
import { postWebhook, webhookUrl } from "~/modules/webhooks/post.server";
import {
  fieldErrors,
  hoursSchema,
  SECTION_FIELDS,
  SECTION_SCHEMAS,
  webhookEndpointSchema,
  type RawSection,
  type SettingsSection,
} from "./settings.schema";
import { forgetCompanySettings } from "./settings.server";

/**
 * What admins change in the settings screen: the company profile sections and the webhook
 * endpoints. Every change is audited with its old and new values (never a secret), and
 * the cached profile is dropped so the public site shows the change at once.
 */

export interface SettingsActor {
  id: string;
  email: string;
  ip: string | null;
}

type Handle = Pick<DatabaseHandle, "db" | "transaction">;

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export type SaveOutcome =
  { ok: true; changes: FieldChange[] } | { ok: false; errors: Record<string, string> };

type SettingsValues = Partial<Omit<CompanySettings, "id" | "createdAt" | "updatedAt">>;

function parseSection(
  section: SettingsSection,
  raw: RawSection,
): { ok: true; values: SettingsValues } | { ok: false; errors: Record<string, string> } {
  if (section === "hours") {
    const parsed = hoursSchema.safeParse(raw);
    return parsed.success
      ? { ok: true, values: { openingHours: parsed.data } }
      : { ok: false, errors: fieldErrors(parsed.error) };
  }
  const parsed = SECTION_SCHEMAS[section].safeParse(raw);
  return parsed.success
    ? { ok: true, values: parsed.data as SettingsValues }
    : { ok: false, errors: fieldErrors(parsed.error) };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Validates and saves one section; unchanged fields are neither written nor audited. */
export async function saveSettingsSection(
  database: Handle,
  actor: SettingsActor,
  section: SettingsSection,
  raw: RawSection,
): Promise<SaveOutcome> {
  const parsed = parseSection(section, raw);
  if (!parsed.ok) return parsed;
  const fields: readonly string[] = SECTION_FIELDS[section];
  const changes = await database.transaction(async (tx) => {
    // Locked so two admins saving at once each see (and audit) the other's result.
    const [current] = await tx.db
      .select()
      .from(companySettings)
      .where(eq(companySettings.id, 1))
      .for("update");
    if (!current) throw new Error("The company profile is missing from the database");
    const changed: FieldChange[] = [];
    const update: Record<string, unknown> = {};
    for (const field of fields) {
      const from = current[field as keyof CompanySettings];
      const to = parsed.values[field as keyof SettingsValues];
      if (to === undefined || same(from, to)) continue;
      changed.push({ field, from, to });
      update[field] = to;
    }
    if (changed.length === 0) return changed;
    await tx.db
      .update(companySettings)
      .set({ ...update, updatedAt: new Date() })
      .where(eq(companySettings.id, 1));
    await recordAudit(tx.db, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: "settings.update",
      target: "settings",
      details: { section, changes: changed },
      ipAddress: actor.ip,
    });
    return changed;
  });
  if (changes.length > 0) forgetCompanySettings(database.db);
  return { ok: true, changes };
}

/* ------------------------------------------------------------------------------------ */
/* Webhook endpoints                                                                     */
/* ------------------------------------------------------------------------------------ */

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
export const TEST_EVENT = "test";

/** A signing secret: 32 random bytes, base64url (43 characters). */
export const generateWebhookSecret = (): string => randomBytes(32).toString("base64url");

/** The address without its query string, which often carries a token: for the audit log. */
export function redactUrl(value: string): string {
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
  | { ok: true; endpoint: { id: number; url: string }; secret: string }
  | { ok: false; errors: Record<string, string> };

/**
 * Adds an endpoint with a new signing secret. The secret is in this answer only: it is
 * stored for signing, and no listing returns it again.
 */
export async function createWebhookEndpoint(
  database: Handle,
  actor: SettingsActor,
  raw: Record<string, string | undefined>,
): Promise<CreateEndpointOutcome> {
  const parsed = webhookEndpointSchema.safeParse({
    url: raw.url ?? "",
    description: raw.description ?? "",
    enabled: raw.enabled,
  });
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const secret = generateWebhookSecret();
  const endpoint = await database.transaction(async (tx) => {
    const [row] = await tx.db
      .insert(webhookEndpoints)
      .values({ ...parsed.data, secret })
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
    if (!row) throw new Error("The webhook endpoint was not stored");
    await recordAudit(tx.db, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: "settings.webhook.create",
      target: endpointTarget(row.id),
      details: {
        url: redactUrl(parsed.data.url),
        description: parsed.data.description,
        enabled: parsed.data.enabled,
      },
      ipAddress: actor.ip,
    });
    return row;
  });
  return { ok: true, endpoint, secret };
}

/** Turns an endpoint on or off; false when it does not exist. */
export async function setWebhookEndpointEnabled(
  database: Handle,
  actor: SettingsActor,
  id: number,
  enabled: boolean,
): Promise<boolean> {
  return database.transaction(async (tx) => {
    const [before] = await tx.db
      .select({ enabled: webhookEndpoints.enabled, url: webhookEndpoints.url })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .for("update");
    if (!before) return false;
    if (before.enabled === enabled) return true;
    await tx.db.update(webhookEndpoints).set({ enabled }).where(eq(webhookEndpoints.id, id));
    await recordAudit(tx.db, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: enabled ? "settings.webhook.enable" : "settings.webhook.disable",
      target: endpointTarget(id),
      details: {
        url: redactUrl(before.url),
        changes: [{ field: "enabled", from: before.enabled, to: enabled }],
      },
      ipAddress: actor.ip,
    });
    return true;
  });
}

/** Deletes an endpoint (and, by cascade, its deliveries); false when it does not exist. */
export async function deleteWebhookEndpoint(
  database: Handle,
  actor: SettingsActor,
  id: number,
): Promise<boolean> {
  return database.transaction(async (tx) => {
    const [deleted] = await tx.db
      .delete(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .returning({
        url: webhookEndpoints.url,
        description: webhookEndpoints.description,
        enabled: webhookEndpoints.enabled,
      });
    if (!deleted) return false;
    await recordAudit(tx.db, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: "settings.webhook.delete",
      target: endpointTarget(id),
      details: { ...deleted, url: redactUrl(deleted.url) },
      ipAddress: actor.ip,
    });
    return true;
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
  actor: SettingsActor,
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
    : { statusCode: null, durationMs: 0, error: "the endpoint URL is not a valid http(s) URL" };
  const result: TestDeliveryResult = {
    statusCode,
    ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
    durationMs,
    error:
      error && error.length > MAX_ERROR_LENGTH ? `${error.slice(0, MAX_ERROR_LENGTH - 1)}…` : error,
    at,
  };
  await recordAudit(database.db, {
    actorId: actor.id,
    actorEmail: actor.email,
    action: "settings.webhook.test",
    target: endpointTarget(id),
    details: {
      url: redactUrl(endpoint.url),
      statusCode: result.statusCode,
      ok: result.ok,
      durationMs: result.durationMs,
      error: result.error,
    },
    ipAddress: actor.ip,
    at,
  });
  return result;
}
