import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  authors,
  giveaways,
  images,
  imageVariants,
  postRevisions,
  posts,
  users,
} from "~/db/schema";
import { testDatabaseForFile } from "~/db/test-database.server";
import type { Actor } from "~/modules/audit/actor";
import { IMMUTABLE, mediaResponse } from "./serve.server";
import { MAX_IMAGE_UPLOAD_BYTES, UPLOAD_MESSAGES } from "./upload.schema";
import {
  imageUrl,
  loadResponsiveImages,
  purgeUnusedImages,
  storeUploadedImage,
} from "./uploads.server";

const database = testDatabaseForFile();
let actor: Actor;

beforeAll(async () => {
  const id = "uploader-1";
  await database.db
    .insert(users)
    .values({ id, name: "Uma Uploader", email: "uma@example.com", role: "editor" });
  actor = { id, email: "uma@example.com", ip: "203.0.113.9" };
});

/** A photo as a phone takes it: EXIF with GPS, a camera model and a comment. */
const photoWithGps = () =>
  sharp({ create: { width: 1000, height: 600, channels: 3, background: "#7a8f9c" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneCo", Model: "Pocket 12", ImageDescription: "Our kitchen" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "42/1 21/1 3/1" },
    })
    .toBuffer();

const fileOf = (bytes: Buffer | string, name: string, type = "image/jpeg") =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

/** Asks the media route for a URL the way the router would pass it. */
function fetchMedia(url: string, headers: Record<string, string> = {}) {
  const [, , imageId, file] = url.split("/");
  return mediaResponse(
    database.db,
    { imageId, file },
    new Request(`http://localhost${url}`, { headers }),
  );
}

async function upload(name = "kitchen.jpg") {
  const outcome = await storeUploadedImage(database, actor, fileOf(await photoWithGps(), name));
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.imageId;
}

describe("storing an uploaded image (R4.11)", () => {
  it("keeps only the rendered variants, without any metadata, and audits the upload", async () => {
    const source = await sharp(await photoWithGps()).metadata();
    expect(source.exif?.includes("PhoneCo")).toBe(true);
    const imageId = await upload("C:\\Users\\uma\\Pictures\\kitchen.jpg");

    const [image] = await database.db.select().from(images).where(eq(images.id, imageId));
    expect(image).toMatchObject({
      width: 1000,
      height: 600,
      originalName: "kitchen.jpg",
      uploadedBy: actor.id,
    });
    expect(image!.placeholder).toMatch(/^#[0-9a-f]{6}$/);

    const variants = await database.db
      .select()
      .from(imageVariants)
      .where(eq(imageVariants.imageId, imageId));
    expect(variants.map((variant) => `${variant.width}.${variant.format}`).sort()).toEqual(
      ["1000.avif", "1000.webp", "480.avif", "480.webp", "800.avif", "800.webp"].sort(),
    );
    for (const variant of variants) {
      const metadata = await sharp(variant.data).metadata();
      expect(metadata.exif, `${variant.width}.${variant.format}`).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(variant.data.includes("PhoneCo")).toBe(false);
      expect(variant.data.includes("Our kitchen")).toBe(false);
    }

    const [event] = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, `image:${imageId}`));
    expect(event).toMatchObject({ action: "image.upload", actorId: actor.id });
    expect(event!.details).toMatchObject({ name: "kitchen.jpg", width: 1000, height: 600 });
  });

  it("takes PNG, WebP, AVIF and GIF by their bytes, whatever the name says", async () => {
    const base = () =>
      sharp({ create: { width: 64, height: 48, channels: 4, background: "#c0a08080" } });
    const sources: Array<[string, Buffer]> = [
      ["a.png", await base().png().toBuffer()],
      ["b.webp", await base().webp().toBuffer()],
      ["c.avif", await base().avif().toBuffer()],
      ["d.gif", await base().gif().toBuffer()],
      ["photo.txt", await base().png().toBuffer()],
    ];
    for (const [name, bytes] of sources) {
      const outcome = await storeUploadedImage(database, actor, fileOf(bytes, name, ""));
      expect(outcome.ok, name).toBe(true);
    }
  });

  it("refuses SVG, text named .jpg, empty and broken files with a clear message, storing nothing", async () => {
    const before = await database.db.select({ id: images.id }).from(images);
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
    const truncated = (await photoWithGps()).subarray(0, 2000);
    const cases: Array<[File, string]> = [
      [fileOf(svg, "drawing.svg", "image/svg+xml"), UPLOAD_MESSAGES.notAnImage],
      [fileOf(svg, "drawing.jpg"), UPLOAD_MESSAGES.notAnImage],
      [fileOf("just some words, not a photo", "notes.jpg"), UPLOAD_MESSAGES.notAnImage],
      [fileOf("", "empty.jpg"), UPLOAD_MESSAGES.empty],
      [fileOf(truncated, "cut-off.jpg"), UPLOAD_MESSAGES.unreadable],
    ];
    for (const [file, error] of cases) {
      expect(await storeUploadedImage(database, actor, file), file.name).toEqual({
        ok: false,
        error,
      });
    }
    expect(UPLOAD_MESSAGES.notAnImage).toContain("JPEG, PNG, WebP, AVIF or GIF");
    expect(await database.db.select({ id: images.id }).from(images)).toHaveLength(before.length);
  });

  it("refuses a file over 10 MB, saying the limit (R9.9)", async () => {
    const big = new File([new Uint8Array(MAX_IMAGE_UPLOAD_BYTES + 1)], "huge.jpg");
    expect(await storeUploadedImage(database, actor, big)).toEqual({
      ok: false,
      error: UPLOAD_MESSAGES.tooLarge,
    });
    expect(UPLOAD_MESSAGES.tooLarge).toContain("10 MB");
  });
});

describe("loading and serving stored images (R4.11)", () => {
  it("builds the page data from sizes and hashes, and the media route serves every URL", async () => {
    const imageId = await upload();
    const loaded = await loadResponsiveImages(database.db, [
      { id: imageId, alt: "A bright kitchen" },
      { id: "00000000-0000-4000-8000-000000000000", alt: "gone" },
      { id: "not-a-uuid", alt: "never asked" },
    ]);
    expect([...loaded.keys()]).toEqual([imageId]);
    const image = loaded.get(imageId)!;
    expect(image).toMatchObject({ alt: "A bright kitchen", width: 1000, height: 600 });
    expect(image.variants.map((variant) => variant.width)).toEqual([480, 800, 1000]);

    for (const variant of image.variants) {
      for (const format of ["avif", "webp"] as const) {
        const url = variant[format];
        expect(url).toMatch(
          new RegExp(`^/media/${imageId}/${variant.width}-[0-9a-f]{10}\\.${format}$`),
        );
        const answer = await fetchMedia(url);
        expect(answer.status, url).toBe(200);
        expect(answer.headers.get("content-type")).toBe(`image/${format}`);
        expect(answer.headers.get("cache-control")).toBe(IMMUTABLE);
        const hash = /-([0-9a-f]{10})\./.exec(url)![1];
        expect(answer.headers.get("etag")).toBe(`"${hash}"`);
        const bytes = Buffer.from(await answer.arrayBuffer());
        expect(answer.headers.get("content-length")).toBe(String(bytes.length));
        const metadata = await sharp(bytes).metadata();
        expect(metadata.width).toBe(variant.width);
      }
    }
    expect(await loadResponsiveImages(database.db, [])).toEqual(new Map());
  });

  it("answers 304 to a browser that has the bytes, and 404 to anything unknown or malformed", async () => {
    const imageId = await upload();
    const variants = await database.db
      .select({
        width: imageVariants.width,
        hash: imageVariants.hash,
        format: imageVariants.format,
      })
      .from(imageVariants)
      .where(eq(imageVariants.imageId, imageId));
    const webp = variants.find((variant) => variant.format === "webp")!;
    const avif = variants.find((row) => row.format === "avif" && row.width === webp.width)!;
    const { width, hash } = webp;
    const url = imageUrl(imageId, width, hash, "webp");

    for (const tag of [`"${hash}"`, `"x", W/"${hash}"`, "*"]) {
      const cached = await fetchMedia(url, { "If-None-Match": tag });
      expect(cached.status, tag).toBe(304);
      expect(cached.headers.get("etag")).toBe(`"${hash}"`);
      expect(cached.headers.get("cache-control")).toBe(IMMUTABLE);
      expect(await cached.text()).toBe("");
    }
    expect((await fetchMedia(url, { "If-None-Match": '"0000000000"' })).status).toBe(200);
    // A validator does not make an unknown address exist.
    const wrong = `/media/${imageId}/${width}-0123456789.webp`;
    expect((await fetchMedia(wrong, { "If-None-Match": "*" })).status).toBe(404);

    const unknown = [
      url.replace(/\.webp$/, ".avif"), // the WebP's hash with the AVIF's format
      imageUrl(imageId, width, avif.hash, "webp"), // the AVIF's hash with the WebP's format
      `/media/${imageId}/${width}-0123456789.webp`, // wrong hash
      `/media/${imageId}/${width + 1}-${hash}.webp`, // no such width
      `/media/${imageId}/${width}-${hash}.png`, // a format never stored
      `/media/${imageId}/${width}-${hash}.WEBP`,
      `/media/${imageId}/${width}-${hash.toUpperCase()}.webp`,
      `/media/${imageId}/abc-${hash}.webp`,
      `/media/${imageId}/99999999999-${hash}.webp`,
      `/media/${imageId}/-1-${hash}.webp`,
      `/media/${imageId}/${width}-${hash}.webp.exe`,
      `/media/${imageId}/${width}.webp`,
      `/media/${imageId}/`,
      `/media/00000000-0000-4000-8000-000000000000/${width}-${hash}.webp`,
      `/media/not-a-uuid/${width}-${hash}.webp`,
      `/media/${imageId}'%20or%201=1--/${width}-${hash}.webp`,
      `/media/${"9".repeat(5000)}/${width}-${hash}.webp`,
    ];
    for (const address of unknown) {
      const answer = await fetchMedia(address);
      expect(answer.status, address).toBe(404);
      expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
    }
  });
});

describe("purging unused uploads (R4.11)", () => {
  it("deletes, after a day, an upload no post, revision, author or giveaway uses, with its variants", async () => {
    const [unused, fresh, cover, inRevision, photo, prize] = [
      await upload("unused.jpg"),
      await upload("fresh.jpg"),
      await upload("cover.jpg"),
      await upload("old-cover.jpg"),
      await upload("portrait.jpg"),
      await upload("prize.jpg"),
    ];
    const dayAndAHalfAgo = new Date(Date.now() - 36 * 3600_000);
    await database.db
      .update(images)
      .set({ createdAt: dayAndAHalfAgo })
      .where(inArray(images.id, [unused, cover, inRevision, photo, prize]));
    await database.db.insert(giveaways).values({
      title: "Purge giveaway",
      prize: "A prize",
      description: "With its image.",
      startsAt: new Date("2026-01-01T00:00:00Z"),
      endsAt: new Date("2026-02-01T00:00:00Z"),
      rulesMarkdown: "Rules",
      imageId: prize,
    });
    const [author] = await database.db
      .insert(authors)
      .values({ name: "Pia Purge", slug: "pia-purge", photoImageId: photo, photoAlt: "Pia" })
      .returning({ id: authors.id });
    const [post] = await database.db
      .insert(posts)
      .values({
        title: "Purge test",
        slug: "purge-test",
        authorId: author!.id,
        coverImageId: cover,
        coverAlt: "A cover",
      })
      .returning({ id: posts.id });
    await database.db
      .insert(postRevisions)
      .values({ postId: post!.id, snapshot: { coverImageId: inRevision }, savedByName: "Uma" });

    // Others' uploads in this file are recent: only the old unused one goes.
    expect(await purgeUnusedImages(database.db)).toBe(1);
    const left = await database.db.select({ id: images.id }).from(images);
    expect(left.map((row) => row.id)).not.toContain(unused);
    expect(left.map((row) => row.id)).toEqual(
      expect.arrayContaining([fresh, cover, inRevision, photo, prize]),
    );
    expect(
      await database.db.select().from(imageVariants).where(eq(imageVariants.imageId, unused)),
    ).toEqual([]);

    // Once the revision is gone too, its cover is unused.
    await database.db.delete(postRevisions).where(eq(postRevisions.postId, post!.id));
    expect(await purgeUnusedImages(database.db)).toBe(1);
  });
});
