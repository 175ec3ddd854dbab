import { loadSharp } from "~/modules/media/sharp.server";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "~/db/client.server";
import {
  authors,
  giveaways,
  images,
  imageVariants,
  postRevisions,
  posts,
  qrCodes,
  visualizerRenders,
} from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import type { ResponsiveImageData } from "./image";
import { renderImageVariants, type ImageFormat, type RenderedImage } from "./pipeline.server";
import { MAX_IMAGE_UPLOAD_BYTES, UPLOAD_MESSAGES } from "./upload.schema";

/**
 * Images staff upload (a post's cover and social image, an author's photo), kept in the
 * database so every instance serves them and a backup holds them (docs/REQUIREMENTS.md
 * R4.11 and R9.9). Only the rendered AVIF and WebP variants are stored: the upload itself,
 * with its EXIF, GPS and other metadata, never is. They are served by app/routes/media.ts.
 */

/** Formats we decode by their bytes; SVG (which can carry script) and the rest are refused. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif"]);
/** Decoding cost grows with pixels, not bytes: a small file can still be huge once decoded. */
export const MAX_IMAGE_PIXELS = 50_000_000;
const MAX_NAME_LENGTH = 200;

export type UploadOutcome = { ok: true; imageId: string } | { ok: false; error: string };

/** An upload that passed the checks, rendered and ready to store. */
export interface PreparedImage {
  originalName: string;
  bytes: number;
  rendered: RenderedImage;
}

/**
 * Checks an uploaded file (its bytes must be a JPEG, PNG, WebP, AVIF or GIF of at most
 * 10 MB), renders its variants (upright, sRGB, no metadata) and stores them with one row
 * in `images`, audited, in one transaction. Refusals come back as a message for the field.
 */
export async function storeUploadedImage(
  database: Pick<DatabaseHandle, "transaction">,
  actor: Actor,
  file: File,
): Promise<UploadOutcome> {
  const prepared = await prepareUploadedImage(file);
  if (!prepared.ok) return prepared;
  const imageId = await database.transaction(({ db }) =>
    insertPreparedImage(db, actor, prepared.image),
  );
  return { ok: true, imageId };
}

/** What an image field of a saved form comes to (undefined: the form said nothing). */
export type ImageFieldOutcome =
  | { ok: true; imageId: string | null | undefined; uploaded: boolean }
  | { ok: false; error: string };

/**
 * Settles one `ImageUploadField` of a posted form: a new file is checked and stored; else
 * "remove" clears the image; else the kept image's id stands when that image exists (it
 * may be one uploaded by an earlier, refused save of the same form); else undefined, so
 * the record keeps what it has (docs/REQUIREMENTS.md R10.11).
 */
export async function settleImageField(
  database: Pick<DatabaseHandle, "transaction" | "db">,
  actor: Actor,
  field: { file?: File; currentId?: string; remove?: unknown },
): Promise<ImageFieldOutcome> {
  if (field.file && field.file.size > 0) {
    const stored = await storeUploadedImage(database, actor, field.file);
    return stored.ok ? { ok: true, imageId: stored.imageId, uploaded: true } : stored;
  }
  if (field.remove) return { ok: true, imageId: null, uploaded: false };
  if (field.currentId && isImageId(field.currentId)) {
    const [row] = await database.db
      .select({ id: images.id })
      .from(images)
      .where(eq(images.id, field.currentId));
    if (row) return { ok: true, imageId: row.id, uploaded: false };
  }
  return { ok: true, imageId: undefined, uploaded: false };
}

/**
 * The checks and the rendering, without storing: for a screen that saves the image in the
 * same transaction as the record using it (`insertPreparedImage`). Rendering takes a
 * moment, so it happens before any transaction starts.
 */
export async function prepareUploadedImage(
  file: File,
): Promise<{ ok: true; image: PreparedImage } | { ok: false; error: string }> {
  if (file.size === 0) return { ok: false, error: UPLOAD_MESSAGES.empty };
  if (file.size > MAX_IMAGE_UPLOAD_BYTES) return { ok: false, error: UPLOAD_MESSAGES.tooLarge };
  const input = Buffer.from(await file.arrayBuffer());

  const refusal = await formatRefusal(input);
  if (refusal) return { ok: false, error: refusal };

  try {
    const rendered = await renderImageVariants(input);
    return { ok: true, image: { originalName: baseName(file.name), bytes: file.size, rendered } };
  } catch {
    // Readable headers over broken pixel data (a truncated photo, say).
    return { ok: false, error: UPLOAD_MESSAGES.unreadable };
  }
}

/** Stores a prepared image and its variants, audited; `db` should be a transaction's. */
export async function insertPreparedImage(
  db: Database,
  actor: Actor,
  image: PreparedImage,
): Promise<string> {
  const { rendered, originalName } = image;
  const [row] = await db
    .insert(images)
    .values({
      width: rendered.width,
      height: rendered.height,
      placeholder: rendered.placeholder,
      originalName,
      uploadedBy: actor.id,
    })
    .returning({ id: images.id });
  const id = row!.id;
  await db.insert(imageVariants).values(
    rendered.variants.map((variant) => ({
      imageId: id,
      width: variant.width,
      height: variant.height,
      format: variant.format,
      hash: variant.hash,
      data: variant.data,
    })),
  );
  await recordAudit(db, actor, {
    action: "image.upload",
    target: `image:${id}`,
    details: {
      name: originalName,
      bytes: image.bytes,
      width: rendered.width,
      height: rendered.height,
    },
  });
  return id;
}

/** Why these bytes are not an image we take, or undefined when they are. */
async function formatRefusal(input: Buffer): Promise<string | undefined> {
  let metadata;
  try {
    metadata = await (await loadSharp())(input).metadata();
  } catch {
    return UPLOAD_MESSAGES.notAnImage;
  }
  // AVIF is HEIF with AV1 inside; HEIF with HEVC (iPhone HEIC) is not decodable here.
  const isAvif = metadata.format === "heif" && metadata.compression === "av1";
  if (!isAvif && !ACCEPTED_FORMATS.has(metadata.format)) return UPLOAD_MESSAGES.notAnImage;
  if (!metadata.width || !metadata.height) return UPLOAD_MESSAGES.unreadable;
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) return UPLOAD_MESSAGES.tooManyPixels;
  return undefined;
}

/** The file's own name: some browsers send a path; it is only shown to staff. */
const baseName = (name: string): string =>
  (name.split(/[/\\]/).pop() ?? "").trim().slice(0, MAX_NAME_LENGTH) || "image";

/** The address of one stored variant; the hash makes it change whenever the bytes do. */
export const imageUrl = (imageId: string, width: number, hash: string, format: ImageFormat) =>
  `/media/${imageId}/${width}-${hash}.${format}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a string can be an image id: anything else is never sent to the database. */
export const isImageId = (value: string): boolean => UUID.test(value);

/**
 * The page data of stored images, keyed by image id, each with the alt text given with
 * it. Reads sizes and hashes only, never the bytes. Unknown ids are left out of the map.
 */
export async function loadResponsiveImages(
  db: Database,
  wanted: ReadonlyArray<{ id: string; alt: string }>,
): Promise<Map<string, ResponsiveImageData>> {
  const result = new Map<string, ResponsiveImageData>();
  const ids = [...new Set(wanted.map((image) => image.id).filter(isImageId))];
  if (ids.length === 0) return result;

  const [rows, variants] = await Promise.all([
    db
      .select({
        id: images.id,
        width: images.width,
        height: images.height,
        placeholder: images.placeholder,
      })
      .from(images)
      .where(inArray(images.id, ids)),
    db
      .select({
        imageId: imageVariants.imageId,
        width: imageVariants.width,
        format: imageVariants.format,
        hash: imageVariants.hash,
      })
      .from(imageVariants)
      .where(inArray(imageVariants.imageId, ids)),
  ]);

  const byImage = new Map<string, Map<number, { avif?: string; webp?: string }>>();
  for (const variant of variants) {
    if (variant.format !== "avif" && variant.format !== "webp") continue;
    const widths = byImage.get(variant.imageId) ?? new Map();
    byImage.set(variant.imageId, widths);
    const entry = widths.get(variant.width) ?? {};
    entry[variant.format] = imageUrl(variant.imageId, variant.width, variant.hash, variant.format);
    widths.set(variant.width, entry);
  }

  const found = new Map(rows.map((row) => [row.id, row]));
  for (const { id, alt } of wanted) {
    const row = found.get(id.toLowerCase());
    if (!row) continue;
    const widths = [...(byImage.get(row.id) ?? new Map<number, { avif?: string; webp?: string }>())]
      .filter((entry): entry is [number, { avif: string; webp: string }] =>
        Boolean(entry[1].avif && entry[1].webp),
      )
      .sort(([a], [b]) => a - b)
      .map(([width, urls]) => ({ width, avif: urls.avif, webp: urls.webp }));
    if (widths.length === 0) continue;
    result.set(id, {
      alt,
      width: row.width,
      height: row.height,
      placeholder: row.placeholder,
      variants: widths,
    });
  }
  return result;
}

/** What the media route needs to answer for one variant, or undefined if there is none. */
export async function findImageVariant(
  db: Database,
  key: { imageId: string; width: number; format: ImageFormat },
  withBytes: boolean,
): Promise<{ hash: string; data?: Buffer } | undefined> {
  if (!isImageId(key.imageId) || !Number.isSafeInteger(key.width)) return undefined;
  const where = and(
    eq(imageVariants.imageId, key.imageId),
    eq(imageVariants.width, key.width),
    eq(imageVariants.format, key.format),
  );
  if (!withBytes) {
    const [row] = await db.select({ hash: imageVariants.hash }).from(imageVariants).where(where);
    return row;
  }
  const [row] = await db
    .select({ hash: imageVariants.hash, data: imageVariants.data })
    .from(imageVariants)
    .where(where);
  return row;
}

/**
 * Deletes uploads nothing uses: no post's cover or social image, no author's photo, no
 * giveaway's image and no kept revision (a restore may bring one back). An upload gets a
 * day first, since a form sent back with a mistake holds on to its new image until it is
 * saved (R4.11). Run by housekeeping; the variants go with their image.
 */
export async function purgeUnusedImages(db: Database, graceDays = 1): Promise<number> {
  const deleted = await db
    .delete(images)
    .where(
      and(
        lt(images.createdAt, sql`now() - make_interval(days => ${graceDays})`),
        sql`not exists (select 1 from ${posts} where ${posts.coverImageId} = ${images.id} or ${posts.socialImageId} = ${images.id})`,
        sql`not exists (select 1 from ${authors} where ${authors.photoImageId} = ${images.id})`,
        sql`not exists (select 1 from ${qrCodes} where ${qrCodes.logoImageId} = ${images.id})`,
        // A visualizer render's photo and result live as long as the render (R15.5).
        sql`not exists (select 1 from ${visualizerRenders} where ${visualizerRenders.photoImageId} = ${images.id} or ${visualizerRenders.resultImageId} = ${images.id})`,
        sql`not exists (select 1 from ${giveaways} where ${giveaways.imageId} = ${images.id})`,
        sql`not exists (select 1 from ${postRevisions} where ${postRevisions.snapshot} ->> 'coverImageId' = ${images.id}::text or ${postRevisions.snapshot} ->> 'socialImageId' = ${images.id}::text)`,
      ),
    )
    .returning({ id: images.id });
  return deleted.length;
}
