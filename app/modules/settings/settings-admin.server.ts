import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { companySettings, type CompanySettings } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import { SECTION_FIELDS, type SettingsSectionValues } from "./settings.schema";
import { forgetCompanySettings } from "./settings.server";

/**
 * What admins change in the settings screen's company profile sections (its webhook
 * endpoints are modules/webhooks/endpoints.server.ts). Every change is audited with its old
 * and new values, and the cached profile is dropped so the public site shows it at once.
 */

type Handle = Pick<DatabaseHandle, "db" | "transaction">;

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

type SettingsValues = Partial<Omit<CompanySettings, "id" | "createdAt" | "updatedAt">>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves one section, as its schema read it; unchanged fields are neither written nor
 * audited, and the changed ones are audited together, with their old and new values.
 */
export async function saveSettingsSection(
  database: Handle,
  actor: Actor,
  { intent: section, ...values }: SettingsSectionValues,
): Promise<{ changes: FieldChange[] }> {
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
      const to = (values as SettingsValues)[field as keyof SettingsValues];
      if (to === undefined || same(from, to)) continue;
      changed.push({ field, from, to });
      update[field] = to;
    }
    if (changed.length === 0) return changed;
    await tx.db
      .update(companySettings)
      .set({ ...update, updatedAt: new Date() })
      .where(eq(companySettings.id, 1));
    await recordAudit(tx.db, actor, {
      action: "settings.update",
      target: "settings",
      details: { section, changes: changed },
    });
    return changed;
  });
  if (changes.length > 0) forgetCompanySettings(database.db);
  return { changes };
}

/* ------------------------------------------------------------------------------------ */
/* Webhook endpoints                                                                     */
/* ------------------------------------------------------------------------------------ */

/** An endpoint as the admin area lists it: never its secret, only whether it has one. */
