import { data, type RouterContextProvider } from "react-router";
import type { PostCardData } from "~/components/site/blog";
import { runtimeContext } from "~/modules/platform/context";
import type { PostingSource } from "~/modules/seo/blog-json-ld";
import { loadCovers } from "./blog-covers.server";
import { listPublishedPosts, pageNumber, type PostSummary } from "./blog.server";

type Context = Readonly<RouterContextProvider>;

/** Posts as cards: each with its cover, when it has one. */
export async function withCovers(context: Context, posts: PostSummary[]): Promise<PostCardData[]> {
  const covers = await loadCovers(context.get(runtimeContext).db, posts);
  return posts.map(({ coverImageId: _id, coverAlt: _alt, ...post }) => ({
    ...post,
    cover: covers.get(post.id) ?? null,
  }));
}

/**
 * One page of a post list (/blog, a category, an author), from ?page. A page past the last
 * answers 404, so search engines drop it.
 */
export async function loadPostListPage(
  request: Request,
  context: Context,
  filter: { categoryId?: number; authorId?: number } = {},
) {
  const { db, config } = context.get(runtimeContext);
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  const list = await listPublishedPosts(db, { page, ...filter });
  if (page > list.pageCount) throw data(null, { status: 404 });
  return {
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    posts: await withCovers(context, list.posts),
    origin: config.publicUrl.origin,
  };
}

/** The structured-data view of a card, with its cover's largest image as an absolute URL. */
export const postingOf = (origin: string, post: PostCardData): PostingSource => ({
  title: post.title,
  slug: post.slug,
  description: post.excerpt,
  publishedAt: post.publishedAt,
  modifiedAt: post.publishedAt,
  author: post.author,
  categories: post.categories,
  image: post.cover?.variants.at(-1) ? `${origin}${post.cover.variants.at(-1)!.webp}` : undefined,
});
