import { desc, eq, sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { analyticsEvents, images, qrCodes, type QrCode, type QrUtm } from "~/db/schema";
import { isUniqueViolation } from "~/db/unique-violation";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import { slugify } from "~/modules/content/slug";
import { levelFor, logoBytes, qrReadsBack, type QrLook } from "./qr-image.server";
import { qrShortUrl } from "./qr-links";
import { QR_MESSAGES, QR_SLUG_MAX_LENGTH, type QrValues } from "./qr.schema";

/**
 * Tracked QR codes as staff manage them (docs/REQUIREMENTS.md R15.3): the list with their
 * scans, saving (with the read-back check), switching on and off.
 */

export async function listQrCodes(db: Database): Promise<QrCode[]> {
  return db.select().from(qrCodes).orderBy(desc(qrCodes.createdAt), desc(qrCodes.id));
}

export async function getQrCode(db: Database, id: number): Promise<QrCode | undefined> {
  const [row] = await db.select().from(qrCodes).where(eq(qrCodes.id, id));
  return row;
}

/** Images staff may put in a code's centre: the media library, newest first. */
export async function logoChoices(db: Database): Promise<{ value: string; label: string }[]> {
  const rows = await db
    .select({ id: images.id, name: images.originalName })
    .from(images)
    .orderBy(desc(images.createdAt))
    .limit(200);
  return rows.map((row) => ({ value: row.id, label: row.name }));
}

/** A code's look, with its logo's bytes read from the media library. */
export async function lookOf(
  db: Database,
  code: Pick<QrCode, "foreground" | "background" | "errorCorrection" | "logoImageId">,
): Promise<QrLook> {
  return {
    foreground: code.foreground,
    background: code.background,
    errorCorrection: code.errorCorrection,
    logo: code.logoImageId ? await logoBytes(db, code.logoImageId) : null,
  };
}

export type QrOutcome =
  | { ok: true; id: number; slug: string }
  | { ok: false; errors: Partial<Record<"slug" | "logoImageId" | "form", string>> };

export type QrHandle = Pick<DatabaseHandle, "transaction" | "db">;

const utmOf = (values: QrValues): QrUtm =>
  Object.fromEntries(
    (
      [
        ["utm_source", values.utmSource],
        ["utm_medium", values.utmMedium],
        ["utm_campaign", values.utmCampaign],
        ["utm_content", values.utmContent],
        ["utm_term", values.utmTerm],
      ] as const
    ).filter(([, value]) => value),
  );

/** The slug typed, or one made from the name (cut to the slug's length). */
export const slugFor = (values: Pick<QrValues, "slug" | "name">): string =>
  values.slug || slugify(values.name).slice(0, QR_SLUG_MAX_LENGTH).replace(/-+$/, "");

async function slugTaken(db: Database, slug: string, id: number | undefined): Promise<boolean> {
  const [same] = await db.select({ id: qrCodes.id }).from(qrCodes).where(eq(qrCodes.slug, slug));
  return Boolean(same && same.id !== id);
}

async function saveQrCode(
  database: QrHandle,
  actor: Actor,
  values: QrValues,
  id: number | undefined,
  publicOrigin: string,
): Promise<QrOutcome> {
  const slug = slugFor(values);
  if (!slug) return { ok: false, errors: { slug: QR_MESSAGES.slugFromName } };
  // Checked again in the transaction; first here, before the image is drawn and read.
  if (await slugTaken(database.db, slug, id))
    return { ok: false, errors: { slug: QR_MESSAGES.slugTaken } };
  const look = await lookOf(database.db, {
    ...values,
    logoImageId: values.logoImageId ?? null,
  });
  if (values.logoImageId && !look.logo)
    return { ok: false, errors: { logoImageId: QR_MESSAGES.logoUnknown } };
  // A code that does not scan must never reach print (R15.3).
  if (!(await qrReadsBack(qrShortUrl(publicOrigin, slug), look)))
    return { ok: false, errors: { form: QR_MESSAGES.notDecodable } };

  const row = {
    name: values.name,
    slug,
    target: values.target,
    utm: utmOf(values),
    foreground: values.foreground,
    background: values.background,
    errorCorrection: levelFor(look),
    logoImageId: values.logoImageId ?? null,
    enabled: values.enabled,
  };
  try {
    return await database.transaction(async ({ db }): Promise<QrOutcome> => {
      if (await slugTaken(db, slug, id))
        return { ok: false, errors: { slug: QR_MESSAGES.slugTaken } };
      if (id !== undefined) {
        const [before] = await db.select().from(qrCodes).where(eq(qrCodes.id, id));
        if (!before) return { ok: false, errors: { form: QR_MESSAGES.notFound } };
        await db
          .update(qrCodes)
          .set({ ...row, updatedAt: new Date() })
          .where(eq(qrCodes.id, id));
        const changes = Object.fromEntries(
          (Object.keys(row) as (keyof typeof row)[])
            .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(row[field]))
            .map((field) => [field, { from: before[field], to: row[field] }]),
        );
        await recordAudit(db, actor, {
          action: "qr_code.update",
          target: `qr_code:${id}`,
          details: changes,
        });
        return { ok: true, id, slug };
      }
      const [created] = await db
        .insert(qrCodes)
        .values({ ...row, createdBy: actor.id })
        .returning({ id: qrCodes.id });
      await recordAudit(db, actor, {
        action: "qr_code.create",
        target: `qr_code:${created!.id}`,
        details: row,
      });
      // R15.3: a code made by staff counts as a QR-code generation, without personal data.
      await db.insert(analyticsEvents).values({
        name: "qr_code_generation",
        path: "/admin/qr-codes",
        properties: { tool: "tracked", qrCodeId: created!.id, withLogo: Boolean(row.logoImageId) },
      });
      return { ok: true, id: created!.id, slug };
    });
  } catch (error) {
    // Someone else took the slug a moment ago.
    if (isUniqueViolation(error)) return { ok: false, errors: { slug: QR_MESSAGES.slugTaken } };
    throw error;
  }
}

export const createQrCode = (
  database: QrHandle,
  actor: Actor,
  values: QrValues,
  publicOrigin: string,
): Promise<QrOutcome> => saveQrCode(database, actor, values, undefined, publicOrigin);

export const updateQrCode = (
  database: QrHandle,
  actor: Actor,
  id: number,
  values: QrValues,
  publicOrigin: string,
): Promise<QrOutcome> => saveQrCode(database, actor, values, id, publicOrigin);

/** Switches a code on or off; a switched-off code's address says so instead of redirecting. */
export async function setQrCodeEnabled(
  database: QrHandle,
  actor: Actor,
  id: number,
  enabled: boolean,
): Promise<QrOutcome> {
  return database.transaction(async ({ db }): Promise<QrOutcome> => {
    const [updated] = await db
      .update(qrCodes)
      .set({ enabled, updatedAt: sql`now()` })
      .where(eq(qrCodes.id, id))
      .returning({ id: qrCodes.id, slug: qrCodes.slug });
    if (!updated) return { ok: false, errors: { form: QR_MESSAGES.notFound } };
    await recordAudit(db, actor, {
      action: enabled ? "qr_code.enable" : "qr_code.disable",
      target: `qr_code:${id}`,
      details: { slug: updated.slug },
    });
    return { ok: true, id, slug: updated.slug };
  });
}
