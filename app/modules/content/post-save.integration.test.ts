import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { postRevisions, posts, redirects } from "~/db/schema";
import { settleImageField } from "~/modules/media/uploads.server";
import { UPLOAD_MESSAGES } from "~/modules/media/upload.schema";
import { loadCovers } from "./blog-covers.server";
import { POST_MESSAGES } from "./post.schema";
import {
  getRevision,
  listRevisions,
  loadPostForEditing,
  REVISIONS_KEPT,
} from "./post-revisions.server";
import { restoreRevision, savePost } from "./post-save.server";
import { postFixtures } from "./post-test-fixtures";

const { database, actor, ids, draft, create, auditOf } = postFixtures();

describe("saving a post", () => {
  it("creates it with a slug from the title, its categories, a revision and an audit row", async () => {
    const outcome = await create("Café & Tile: Ada's Guide", {
      categoryIds: [ids.showers, ids.tips],
    });
    expect(outcome).toMatchObject({ ok: true, slug: "cafe-and-tile-adas-guide", created: true });
    const loaded = await loadPostForEditing(database.db, outcome.postId);
    expect(loaded?.post).toMatchObject({
      status: "draft",
      publishedAt: null,
      authorId: ids.authorId,
    });
    expect(loaded?.categoryIds).toEqual([ids.tips, ids.showers].sort((a, b) => a - b));
    expect(loaded?.revisions).toHaveLength(1);
    expect(loaded?.revisions[0]?.savedByName).toBe("Edie Editor");
    const audit = await auditOf(`post:${outcome.postId}`);
    expect(audit.map((row) => row.action)).toEqual(["post.create"]);
    expect(audit[0]?.by).toBe(actor.email);
  });

  it("refuses a slug another post uses, beside the slug field", async () => {
    await create("Grout colors that last");
    const again = await savePost(database, actor, undefined, draft("Grout colors that last"));
    expect(again).toEqual({ ok: false, errors: { slug: POST_MESSAGES.slugTaken } });
    const other = await create("Another grout post");
    const renamed = await savePost(
      database,
      actor,
      other.postId,
      draft("Another grout post", { slug: "grout-colors-that-last" }),
    );
    expect(renamed).toEqual({ ok: false, errors: { slug: POST_MESSAGES.slugTaken } });
  });

  it("refuses a missing author or category and a schedule in the past", async () => {
    const outcome = await savePost(
      database,
      actor,
      undefined,
      draft("Nothing behind it", {
        authorId: 999_999,
        categoryIds: [999_998],
        status: "scheduled",
        publishAt: new Date(Date.now() - 60_000),
      }),
    );
    expect(outcome).toEqual({
      ok: false,
      errors: {
        authorId: POST_MESSAGES.authorGone,
        categoryIds: POST_MESSAGES.categoryGone,
        publishAt: POST_MESSAGES.publishAtPast,
      },
    });
  });

  it("publishes with publishedAt now, and keeps that date through unpublish and republish", async () => {
    const { postId } = await create("Heated floors explained");
    const now = new Date("2026-05-01T12:00:00Z");
    const published = draft("Heated floors explained", { status: "published" });
    expect(await savePost(database, actor, postId, published, now)).toMatchObject({ ok: true });
    const [row] = await database.db.select().from(posts).where(eq(posts.id, postId));
    expect(row?.publishedAt?.toISOString()).toBe(now.toISOString());
    await savePost(database, actor, postId, draft("Heated floors explained"));
    await savePost(database, actor, postId, published);
    const [again] = await database.db.select().from(posts).where(eq(posts.id, postId));
    expect(again?.publishedAt?.toISOString()).toBe(now.toISOString());
    expect((await auditOf(`post:${postId}`)).map((r) => r.action)).toEqual([
      "post.create",
      "post.edit",
      "post.publish",
      "post.edit",
      "post.unpublish",
      "post.edit",
      "post.publish",
    ]);
  });
});

describe("a published post's new slug", () => {
  it("adds a 301 from the old address, re-points older rules and forms no chain", async () => {
    const { postId } = await create("Vanity ideas", { status: "published" });
    const save = (slug: string) =>
      savePost(database, actor, postId, draft("Vanity ideas", { slug, status: "published" }));

    expect(await save("vanity-ideas-2026")).toMatchObject({ ok: true, redirected: true });
    expect(await save("vanity-ideas-for-small-baths")).toMatchObject({ ok: true });
    const rules = await database.db
      .select({ from: redirects.fromPath, to: redirects.toPath, type: redirects.type })
      .from(redirects)
      .orderBy(asc(redirects.fromPath));
    expect(rules).toEqual([
      { from: "/blog/vanity-ideas", to: "/blog/vanity-ideas-for-small-baths", type: 301 },
      { from: "/blog/vanity-ideas-2026", to: "/blog/vanity-ideas-for-small-baths", type: 301 },
    ]);

    // Back to the first slug: its rule goes (the address is live), the others point to it.
    expect(await save("vanity-ideas")).toMatchObject({ ok: true });
    const after = await database.db
      .select({ from: redirects.fromPath, to: redirects.toPath })
      .from(redirects)
      .orderBy(asc(redirects.fromPath));
    expect(after).toEqual([
      { from: "/blog/vanity-ideas-2026", to: "/blog/vanity-ideas" },
      { from: "/blog/vanity-ideas-for-small-baths", to: "/blog/vanity-ideas" },
    ]);
    const audit = await auditOf(`post:${postId}`);
    expect(audit.at(-1)?.details).toMatchObject({
      redirect: { from: "/blog/vanity-ideas-for-small-baths", to: "/blog/vanity-ideas" },
    });
  });

  it("adds no rule for a draft's new slug", async () => {
    const { postId } = await create("Draft slug");
    const outcome = await savePost(
      database,
      actor,
      postId,
      draft("Draft slug", { slug: "drafty" }),
    );
    expect(outcome).toMatchObject({ ok: true, redirected: false });
    const rules = await database.db
      .select()
      .from(redirects)
      .where(eq(redirects.fromPath, "/blog/draft-slug"));
    expect(rules).toEqual([]);
  });
});

describe("revisions", () => {
  it("keeps the newest 20, and a restore brings content back as a save of its own", async () => {
    const { postId } = await create("Revision 0");
    const [first] = await listRevisions(database.db, postId);
    for (let n = 1; n <= 24; n++) {
      const at = new Date(Date.now() + n * 1000);
      const outcome = await savePost(database, actor, postId, draft(`Revision ${n}`), at);
      expect(outcome.ok).toBe(true);
    }
    const all = await database.db
      .select()
      .from(postRevisions)
      .where(eq(postRevisions.postId, postId));
    expect(all).toHaveLength(REVISIONS_KEPT);
    expect(await getRevision(database.db, postId, first!.id)).toBeUndefined();

    const revisions = await listRevisions(database.db, postId);
    const oldest = revisions.at(-1)!;
    const viewed = await getRevision(database.db, postId, oldest.id);
    expect(viewed?.snapshot).toMatchObject({ title: "Revision 5", categoryIds: [ids.tips] });

    const restored = await restoreRevision(
      database,
      actor,
      postId,
      oldest.id,
      new Date(Date.now() + 60_000),
    );
    expect(restored).toMatchObject({ ok: true, slug: "revision-5" });
    const [row] = await database.db.select().from(posts).where(eq(posts.id, postId));
    expect(row?.title).toBe("Revision 5");
    const after = await listRevisions(database.db, postId);
    expect(after).toHaveLength(REVISIONS_KEPT);
    expect(after[0]?.id).not.toBe(revisions[0]?.id);
    expect((await auditOf(`post:${postId}`)).at(-1)).toMatchObject({
      action: "post.restore",
      details: { revisionId: oldest.id },
    });
    expect(await restoreRevision(database, actor, postId, 999_999)).toEqual({
      ok: false,
      errors: { form: POST_MESSAGES.revisionNotFound },
    });
  });
});

describe("a post's cover and social image", () => {
  const jpeg = async (name: string) =>
    new File(
      [
        new Uint8Array(
          await sharp({
            create: { width: 640, height: 400, channels: 3, background: "#b49a6e" },
          })
            .jpeg()
            .toBuffer(),
        ),
      ],
      name,
      { type: "image/jpeg" },
    );

  it("saves an uploaded cover with its alt text, keeps it on a save that says nothing, and removes it", async () => {
    const cover = await settleImageField(database, actor, { file: await jpeg("cover.jpg") });
    expect(cover).toMatchObject({ ok: true, uploaded: true });
    const coverImageId = cover.ok ? cover.imageId : undefined;
    const saved = await create("Cover story", {
      coverImageId,
      coverAlt: "A walk-in shower",
      socialImageId: coverImageId,
    });
    const [row] = await database.db.select().from(posts).where(eq(posts.id, saved.postId));
    expect(row).toMatchObject({ coverImageId, coverAlt: "A walk-in shower" });

    // The blog shows the upload, served from /media/, not a demo drawing.
    const covers = await loadCovers(database.db, [row!]);
    expect(covers.get(saved.postId)?.alt).toBe("A walk-in shower");
    expect(covers.get(saved.postId)?.variants[0]?.webp).toMatch(/^\/media\//);

    // A form that sent no image keeps the kept one: its id comes back as the current image.
    const kept = await settleImageField(database, actor, { currentId: coverImageId! });
    expect(kept).toEqual({ ok: true, imageId: coverImageId, uploaded: false });
    await savePost(database, actor, saved.postId, draft("Cover story", { coverAlt: "Kept" }));
    const [after] = await database.db.select().from(posts).where(eq(posts.id, saved.postId));
    expect(after).toMatchObject({ coverImageId, socialImageId: coverImageId });

    const removed = await settleImageField(database, actor, {
      remove: "on",
      currentId: coverImageId!,
    });
    expect(removed).toEqual({ ok: true, imageId: null, uploaded: false });
    await savePost(
      database,
      actor,
      saved.postId,
      draft("Cover story", { coverImageId: null, socialImageId: null, coverAlt: "" }),
    );
    const [gone] = await database.db.select().from(posts).where(eq(posts.id, saved.postId));
    expect(gone).toMatchObject({ coverImageId: null, socialImageId: null });
  });

  it("refuses a file that is not an image, and ignores a kept id that names no image", async () => {
    const text = new File(["not an image"], "notes.jpg", { type: "image/jpeg" });
    expect(await settleImageField(database, actor, { file: text })).toEqual({
      ok: false,
      error: UPLOAD_MESSAGES.notAnImage,
    });
    expect(
      await settleImageField(database, actor, {
        currentId: "00000000-0000-4000-8000-000000000000",
      }),
    ).toEqual({ ok: true, imageId: undefined, uploaded: false });
  });
});
