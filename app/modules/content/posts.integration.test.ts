import { and, asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  authors,
  categories,
  postCategories,
  postRevisions,
  posts,
  redirects,
  users,
} from "~/db/schema";
import { testDatabaseForFile } from "~/db/test-database.server";
import type { Actor } from "~/modules/audit/actor";
import { settleImageField } from "~/modules/media/uploads.server";
import { UPLOAD_MESSAGES } from "~/modules/media/upload.schema";
import { loadCovers } from "./blog-covers.server";
import { POST_MESSAGES } from "./post.schema";
import { bulkPosts, publishDuePosts } from "./post-bulk.server";
import {
  getRevision,
  listRevisions,
  loadPostForEditing,
  REVISIONS_KEPT,
} from "./post-revisions.server";
import { restoreRevision, savePost } from "./post-save.server";
import { listPosts, parsePostFilter } from "./posts-list.server";

const database = testDatabaseForFile();
const actor: Actor = { id: "editor-posts-1", email: "edie@example.com", ip: "198.18.0.9" };
let authorId: number;
let otherAuthorId: number;
let tips: number;
let showers: number;

beforeAll(async () => {
  const db = database.db;
  await db.insert(users).values({
    id: actor.id,
    name: "Edie Editor",
    email: actor.email,
    role: "editor",
  });
  [{ id: authorId }, { id: otherAuthorId }] = (await db
    .insert(authors)
    .values([
      { name: "Maya Chen", slug: "maya-chen" },
      { name: "Tom Alvarez", slug: "tom-alvarez" },
    ])
    .returning({ id: authors.id })) as [{ id: number }, { id: number }];
  [{ id: tips }, { id: showers }] = (await db
    .insert(categories)
    .values([
      { name: "Tips", slug: "tips" },
      { name: "Showers", slug: "showers" },
    ])
    .returning({ id: categories.id })) as [{ id: number }, { id: number }];
});

const draft = (title: string, extra: Partial<Parameters<typeof savePost>[3]> = {}) => ({
  title,
  slug: undefined,
  excerpt: "",
  body: "Some **Markdown**.",
  authorId,
  categoryIds: [tips],
  status: "draft" as const,
  publishAt: null,
  seoTitle: "",
  seoDescription: "",
  ...extra,
});

async function create(title: string, extra: Partial<Parameters<typeof savePost>[3]> = {}) {
  const outcome = await savePost(database, actor, undefined, draft(title, extra));
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return outcome;
}

const auditOf = (target: string) =>
  database.db
    .select({
      action: auditEvents.action,
      details: auditEvents.details,
      by: auditEvents.actorEmail,
    })
    .from(auditEvents)
    .where(eq(auditEvents.target, target))
    .orderBy(asc(auditEvents.id));

describe("saving a post", () => {
  it("creates it with a slug from the title, its categories, a revision and an audit row", async () => {
    const outcome = await create("Café & Tile: Ada's Guide", { categoryIds: [showers, tips] });
    expect(outcome).toMatchObject({ ok: true, slug: "cafe-and-tile-adas-guide", created: true });
    const loaded = await loadPostForEditing(database.db, outcome.postId);
    expect(loaded?.post).toMatchObject({ status: "draft", publishedAt: null, authorId });
    expect(loaded?.categoryIds).toEqual([tips, showers].sort((a, b) => a - b));
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

describe("a post's address and the redirect rules", () => {
  const rulesAt = (path: string) =>
    database.db
      .select({ to: redirects.toPath, type: redirects.type })
      .from(redirects)
      .where(eq(redirects.fromPath, path));

  it("answers 410 Gone once a published post is deleted, and not for a deleted draft", async () => {
    const shown = await create("Gone tile trends", { status: "published" });
    const never = await create("Never shown tile trends");
    await bulkPosts(database, actor, "delete", [shown.postId, never.postId]);
    expect(await rulesAt("/blog/gone-tile-trends")).toEqual([{ to: "", type: 410 }]);
    expect(await rulesAt("/blog/never-shown-tile-trends")).toEqual([]);
    const audit = await database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.action, "posts.bulk_delete"));
    expect(audit.at(-1)?.details).toMatchObject({ gone: ["/blog/gone-tile-trends"] });
  });

  it("keeps a rule an editor already made at a deleted post's address", async () => {
    const { postId } = await create("Moved grout guide", { status: "published" });
    await database.db
      .insert(redirects)
      .values({ fromPath: "/blog/moved-grout-guide", toPath: "/bathrooms", type: 302 });
    await bulkPosts(database, actor, "delete", [postId]);
    expect(await rulesAt("/blog/moved-grout-guide")).toEqual([{ to: "/bathrooms", type: 302 }]);
  });

  it("gives the address back to a post published there, by a save, in bulk or on schedule", async () => {
    const gone = ["/blog/heated-floors", "/blog/heated-towel-bars", "/blog/heated-mirrors"];
    await database.db
      .insert(redirects)
      .values(gone.map((fromPath) => ({ fromPath, toPath: "", type: 410 as const })));

    await create("Heated floors", { status: "published" });
    const bars = await create("Heated towel bars");
    await bulkPosts(database, actor, "publish", [bars.postId]);
    const mirrors = await create("Heated mirrors");
    await database.db
      .update(posts)
      .set({ status: "scheduled", publishAt: new Date(Date.now() - 60_000) })
      .where(eq(posts.id, mirrors.postId));
    expect(await publishDuePosts(database.db)).toContain(mirrors.postId);

    for (const path of gone) expect(await rulesAt(path), path).toEqual([]);
  });
});

describe("scheduled publishing", () => {
  it("publishes a scheduled post at its time, dated that time, audited as the system", async () => {
    const at = new Date(Date.now() + 3_600_000);
    const { postId } = await create("Scheduled shower post", {
      status: "scheduled",
      publishAt: at,
    });
    const later = await create("Later post", {
      status: "scheduled",
      publishAt: new Date(Date.now() + 7_200_000),
    });

    expect(await publishDuePosts(database.db, new Date(at.getTime() - 1000))).toEqual([]);
    expect(await publishDuePosts(database.db, new Date(at.getTime() + 1000))).toEqual([postId]);
    const [row] = await database.db.select().from(posts).where(eq(posts.id, postId));
    expect(row).toMatchObject({ status: "published" });
    expect(row?.publishedAt?.toISOString()).toBe(at.toISOString());
    const [other] = await database.db.select().from(posts).where(eq(posts.id, later.postId));
    expect(other?.status).toBe("scheduled");
    const audit = await auditOf(`post:${postId}`);
    expect(audit.at(-1)).toMatchObject({ action: "post.publish", by: "system" });
    // Run again: nothing more to do.
    expect(await publishDuePosts(database.db, new Date(at.getTime() + 2000))).toEqual([]);
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
    expect(viewed?.snapshot).toMatchObject({ title: "Revision 5", categoryIds: [tips] });

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

describe("bulk actions and the list", () => {
  it("publishes, unpublishes and deletes the ticked posts, audited with their ids", async () => {
    const a = await create("Bulk alpha");
    const b = await create("Bulk beta", { status: "published" });
    const ids = [a.postId, b.postId];

    expect(await bulkPosts(database, actor, "publish", ids)).toEqual({ changed: [a.postId] });
    const published = await database.db.select().from(posts).where(eq(posts.id, a.postId));
    expect(published[0]).toMatchObject({ status: "published" });
    expect(published[0]?.publishedAt).not.toBeNull();
    expect(await bulkPosts(database, actor, "unpublish", ids)).toEqual({ changed: ids });
    expect(await bulkPosts(database, actor, "delete", ids)).toEqual({ changed: ids });
    expect(await database.db.select().from(posts).where(eq(posts.id, a.postId))).toEqual([]);
    expect(
      await database.db
        .select()
        .from(postCategories)
        .where(and(eq(postCategories.postId, b.postId))),
    ).toEqual([]);
    const audit = await database.db
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.action, "posts.bulk_delete"));
    expect(audit.at(-1)?.details).toMatchObject({ ids });
  });

  it("searches title and excerpt, filters by status, author and category, sorts and pages", async () => {
    await create("Zinc fixtures for old houses", {
      excerpt: "A patina story",
      authorId: otherAuthorId,
    });
    await create("Aqua tile trends", { categoryIds: [showers], status: "published" });

    const find = (query: string) =>
      listPosts(database.db, parsePostFilter(new URLSearchParams(query)).filter);
    expect((await find("q=patina")).posts.map((p) => p.title)).toEqual([
      "Zinc fixtures for old houses",
    ]);
    expect((await find(`author=${otherAuthorId}`)).posts.map((p) => p.title)).toEqual([
      "Zinc fixtures for old houses",
    ]);
    const inShowers = await find(`category=${showers}&status=published`);
    expect(inShowers.posts.map((p) => p.title)).toEqual(["Aqua tile trends"]);
    expect(inShowers.posts[0]).toMatchObject({
      authorName: "Maya Chen",
      categoryNames: ["Showers"],
    });

    const byTitle = await find("sort=title");
    const titles = byTitle.posts.map((p) => p.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    const paged = await listPosts(database.db, { sort: "title", page: 2 }, 3);
    expect(paged.page).toBe(2);
    expect(paged.posts.map((p) => p.title)).toEqual(byTitle.posts.slice(3, 6).map((p) => p.title));

    const wrong = parsePostFilter(new URLSearchParams("status=gone&sort=sideways&q=x"));
    expect(wrong.filter).toEqual({ q: "x" });
    expect(wrong.errors).toEqual({
      status: "Choose a status from the list",
      sort: "Choose a sort from the list",
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
