import { customType, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { staffReference } from "./auth";
import { instantNow, randomUuidId } from "./columns";

/** Raw bytes; drizzle has no bytea column of its own. */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * An image staff uploaded (a post's cover, an author's photo, a social image), kept in the
 * database so every instance serves it and a backup holds it. Only the rendered variants
 * are kept: the upload itself, with its metadata, is never stored.
 */
export const images = pgTable("images", {
  id: randomUuidId(),
  /** Size of the largest variant. */
  width: integer().notNull(),
  height: integer().notNull(),
  /** The average colour as a CSS hex colour, shown while the image loads. */
  placeholder: text().notNull(),
  /** The file name it was uploaded as, for staff to recognise it. */
  originalName: text().notNull(),
  uploadedBy: staffReference(),
  createdAt: instantNow(),
});

/** Each width and format an image is served in (AVIF and WebP). */
export const imageVariants = pgTable(
  "image_variants",
  {
    imageId: uuid()
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    width: integer().notNull(),
    height: integer().notNull(),
    format: text().notNull(),
    /** First 10 hex characters of the SHA-256 of the bytes: part of the address, so the
     * address changes whenever the bytes do and answers can be cached for ever. */
    hash: text().notNull(),
    data: bytes().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.imageId, table.width, table.format] }),
    index("image_variants_hash_idx").on(table.hash),
  ],
);

export type StoredImage = typeof images.$inferSelect;
