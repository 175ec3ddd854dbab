import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEMO_POSTS } from "~/db/demo-blog";
import { authors, categories, postCategories, posts } from "~/db/schema";
import { seedDemoContent } from "~/db/seed";
import { testDatabaseForFile } from "~/db/test-database.server";
import {
  blogSitemapEntries,
  feedItems,
  findAuthor,
  findCategory,
  findPost,
  listPublishedPosts,
  relatedPosts,
} from "./blog.server";
import { buildRss } from "./rss";
import { parseXml } from "./xml-test-parser";

const database = testDatabaseForFile();
const day = 24 * 60 * 60 * 1000;
const now = new Date();

async function addPost(
  values: Partial<typeof posts.$inferInsert> & { slug: string },
  categorySlugs: string[] = [],
) {
  const { db } = database;
  const [author] = await db
    .select({ id: authors.id })
    .from(authors)
    .where(eq(authors.slug, "tom-oconnell"));
  const [post] = await db
    .insert(posts)
    .values({ title: values.slug, authorId: author!.id, ...values })
    .returning({ id: posts.id });
  for (const slug of categorySlugs) {
    const category = await findCategory(db, slug);
    await db.insert(postCategories).values({ postId: post!.id, categoryId: category!.id });
  }
  return post!.id;
}

describe("the public blog", () => {
  it("seeds the demo posts, authors and categories once", async () => {
    await seedDemoContent(database.db);
    await seedDemoContent(database.db);
    const page = await listPublishedPosts(database.db);
    expect(page.total).toBe(DEMO_POSTS.length);
    expect(await database.db.select().from(authors)).toHaveLength(3);
    expect(await database.db.select().from(categories)).toHaveLength(5);
    expect((await findAuthor(database.db, "maya-lindqvist"))?.title).toBe("Lead designer");
  });

  it("never shows drafts, scheduled posts or posts dated in the future", async () => {
    await addPost({ slug: "a-draft", status: "draft" }, ["materials"]);
    await addPost(
      { slug: "a-scheduled-post", status: "scheduled", publishAt: new Date(now.getTime() + day) },
      ["materials"],
    );
    await addPost(
      { slug: "a-future-post", status: "published", publishedAt: new Date(now.getTime() + day) },
      ["materials"],
    );
    await addPost({ slug: "published-without-date", status: "published" }, ["materials"]);
    const hidden = ["a-draft", "a-scheduled-post", "a-future-post", "published-without-date"];

    const listed = (await listPublishedPosts(database.db, { perPage: 100 })).posts.map(
      (post) => post.slug,
    );
    const materials = await findCategory(database.db, "materials");
    const inCategory = (
      await listPublishedPosts(database.db, { categoryId: materials!.id, perPage: 100 })
    ).posts.map((post) => post.slug);
    const tom = await findAuthor(database.db, "tom-oconnell");
    const byAuthor = (
      await listPublishedPosts(database.db, { authorId: tom!.id, perPage: 100 })
    ).posts.map((post) => post.slug);
    const feed = (await feedItems(database.db)).map((item) => item.slug);
    const sitemap = (await blogSitemapEntries(database.db)).map((entry) => entry.path);
    const curbless = await findPost(database.db, "curbless-shower-in-an-older-cape");
    const related = await relatedPosts(database.db, {
      id: -1,
      categories: [{ name: "Materials", slug: "materials" }],
    });

    for (const slug of hidden) {
      expect(listed).not.toContain(slug);
      expect(inCategory).not.toContain(slug);
      expect(byAuthor).not.toContain(slug);
      expect(feed).not.toContain(slug);
      expect(sitemap).not.toContain(`/blog/${slug}`);
      expect(related.map((post) => post.slug)).not.toContain(slug);
      expect(await findPost(database.db, slug), slug).toBeNull();
      // Staff previews find it, marked as not public.
      const preview = await findPost(database.db, slug, { preview: true });
      expect(preview?.slug).toBe(slug);
      expect(preview?.isPublic).toBe(false);
    }
    expect(curbless?.isPublic).toBe(true);
    expect(curbless?.author.name).toBe("Maya Lindqvist");
    expect(curbless?.categories.map((category) => category.slug)).toEqual([
      "accessibility",
      "design-ideas",
    ]);

    // Once the future date has come, the post is there.
    const later = new Date(now.getTime() + 2 * day);
    expect(await findPost(database.db, "a-future-post", { now: later })).not.toBeNull();
  });

  it("lists newest first, a page at a time", async () => {
    for (let i = 0; i < 20; i++) {
      await addPost({
        slug: `older-post-${i}`,
        status: "published",
        publishedAt: new Date(now.getTime() - (200 + i) * day),
      });
    }
    const first = await listPublishedPosts(database.db, { page: 1 });
    const second = await listPublishedPosts(database.db, { page: 2 });
    const third = await listPublishedPosts(database.db, { page: 3 });
    expect(first.total).toBe(DEMO_POSTS.length + 20);
    expect(first.pageCount).toBe(3);
    expect(first.posts).toHaveLength(12);
    expect(second.posts).toHaveLength(12);
    expect(third.posts).toHaveLength(2);
    const all = [...first.posts, ...second.posts, ...third.posts];
    expect(new Set(all.map((post) => post.id)).size).toBe(all.length);
    const times = all.map((post) => post.publishedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(first.posts[0]?.slug).toBe(DEMO_POSTS[0]?.slug);
    expect((await listPublishedPosts(database.db, { page: 4 })).posts).toEqual([]);
  });

  it("relates posts by shared category, newest first, three at most", async () => {
    const post = await findPost(database.db, "choosing-tile-that-survives-hard-water");
    const related = await relatedPosts(database.db, post!);
    expect(related.length).toBeLessThanOrEqual(3);
    expect(related.length).toBeGreaterThan(0);
    expect(related.map((entry) => entry.slug)).not.toContain(post!.slug);
    const shared = new Set(post!.categories.map((category) => category.slug));
    for (const entry of related) {
      expect(entry.categories.some((category) => shared.has(category.slug))).toBe(true);
    }
    const times = related.map((entry) => entry.publishedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("builds a well-formed RSS 2.0 feed with escaped text", async () => {
    await addPost(
      {
        slug: "tubs-and-showers",
        title: `Tubs & showers: <the "best"> choice`,
        excerpt: "Cost < $5,000 & more",
        status: "published",
        publishedAt: new Date(now.getTime() - 1000),
      },
      ["materials"],
    );
    const items = await feedItems(database.db);
    const xml = buildRss(
      {
        title: "Lumen & Co Blog",
        description: "Advice",
        origin: "https://www.example.com",
        lastBuildDate: items[0]!.publishedAt,
      },
      items,
    );
    const rss = parseXml(xml);
    expect(rss.name).toBe("rss");
    expect(rss.attributes.version).toBe("2.0");
    const channel = rss.child("channel")!;
    expect(channel.child("title")?.text).toBe("Lumen & Co Blog");
    expect(channel.child("link")?.text).toBe("https://www.example.com/blog");
    expect(channel.child("language")?.text).toBe("en-us");
    expect(channel.child("atom:link")?.attributes.href).toBe("https://www.example.com/rss.xml");
    const entries = channel.children.filter((element) => element.name === "item");
    expect(entries).toHaveLength(20);
    const first = entries[0]!;
    expect(first.child("title")?.text).toBe(`Tubs & showers: <the "best"> choice`);
    expect(first.child("description")?.text).toBe("Cost < $5,000 & more");
    expect(first.child("guid")?.attributes.isPermaLink).toBe("true");
    expect(first.child("guid")?.text).toBe("https://www.example.com/blog/tubs-and-showers");
    expect(first.child("category")?.text).toBe("Materials");
    expect(first.child("dc:creator")?.text).toBe("Tom O'Connell");
    expect(first.child("pubDate")?.text).toMatch(
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
    );
    expect(xml).not.toContain("<the");
  });

  it("gives the sitemap /blog, the posts, and the categories and authors with posts", async () => {
    const entries = await blogSitemapEntries(database.db);
    const paths = entries.map((entry) => entry.path);
    expect(paths[0]).toBe("/blog");
    for (const post of DEMO_POSTS) expect(paths).toContain(`/blog/${post.slug}`);
    expect(paths).toContain("/blog/category/materials");
    expect(paths).toContain("/blog/author/maya-lindqvist");
    for (const entry of entries) expect(entry.lastmod).toBeInstanceOf(Date);

    // A category with nothing published is left out.
    await database.db.insert(categories).values({ name: "Empty", slug: "empty-category" });
    expect((await blogSitemapEntries(database.db)).map((entry) => entry.path)).not.toContain(
      "/blog/category/empty-category",
    );

    // An edit after publication moves lastmod.
    const edited = new Date(now.getTime() - 1000 * 60);
    await database.db
      .update(posts)
      .set({ updatedAt: edited })
      .where(eq(posts.slug, "aging-in-place-bathroom-checklist"));
    const after = await blogSitemapEntries(database.db);
    expect(
      after.find((entry) => entry.path === "/blog/aging-in-place-bathroom-checklist")?.lastmod,
    ).toEqual(edited);
  });
});
