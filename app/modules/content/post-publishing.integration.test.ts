import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, postCategories, posts, redirects } from "~/db/schema";
import { bulkPosts, publishDuePosts } from "./post-bulk.server";
import { listPosts, parsePostFilter } from "./posts-list.server";
import { postFixtures } from "./post-test-fixtures";

const { database, actor, ids, create, auditOf } = postFixtures();

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
      authorId: ids.otherAuthorId,
    });
    await create("Aqua tile trends", { categoryIds: [ids.showers], status: "published" });

    const find = (query: string) =>
      listPosts(database.db, parsePostFilter(new URLSearchParams(query)).filter);
    expect((await find("q=patina")).posts.map((p) => p.title)).toEqual([
      "Zinc fixtures for old houses",
    ]);
    expect((await find(`author=${ids.otherAuthorId}`)).posts.map((p) => p.title)).toEqual([
      "Zinc fixtures for old houses",
    ]);
    const inShowers = await find(`category=${ids.showers}&status=published`);
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
