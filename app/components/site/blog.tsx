import { Link } from "react-router";
import { neighbourPages, Pager } from "~/components/ui/pager";
import { Section } from "~/components/ui/section";
import { CtaBand } from "./cta-band";
import { JsonLd } from "./json-ld";
import { ArrowLink } from "./page-blocks";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { PostSummary } from "~/modules/content/blog.server";
import type { ResponsiveImageData } from "~/modules/media/image";
import { longDate } from "~/modules/platform/calendar-day";
import { pagePath } from "~/modules/seo/blog-meta";

/** A post as the blog's lists draw it: a PostSummary with its cover resolved. */
export type PostCardData = Omit<PostSummary, "coverImageId" | "coverAlt"> & {
  cover: ResponsiveImageData | null;
};

/** A post's date: the company's calendar day (Boston) it went out, worked out on the server. */
export function PostDate({ at, day }: { at: Date; day: string }) {
  return <time dateTime={at.toISOString()}>{longDate(day)}</time>;
}

export const readingTime = (minutes: number) => `${minutes} min read`;

/** The post's categories as links to their pages. */
export function CategoryLinks({
  categories,
  className = "",
}: {
  categories: PostCardData["categories"];
  className?: string;
}) {
  if (categories.length === 0) return null;
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`} aria-label="Categories">
      {categories.map((category) => (
        <li key={category.slug}>
          <Link
            to={`/blog/category/${category.slug}`}
            className="inline-flex min-h-6 items-center rounded-full bg-brass-light/60 px-3 py-0.5 text-sm font-semibold text-brass-dark hover:bg-brass-light hover:underline"
          >
            {category.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** One post in a list: cover, title (the link), excerpt, author, date and reading time. */
export function PostCard({
  post,
  headingLevel = 2,
  priority = false,
}: {
  post: PostCardData;
  headingLevel?: 2 | 3;
  /** The page's first card: its cover is what the page paints first, so it is not lazy. */
  priority?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-(--radius-card) border border-stone-200 bg-white shadow-(--shadow-card)">
      {post.cover && (
        <ResponsiveImage
          image={{ ...post.cover, alt: "" }}
          sizes="(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw"
          imgClassName="aspect-[3/2] object-cover"
          priority={priority}
        />
      )}
      <div className="flex flex-1 flex-col gap-3 p-6">
        <Heading className="text-2xl leading-snug">
          <Link to={`/blog/${post.slug}`} className="hover:text-brass-dark hover:underline">
            {post.title}
          </Link>
        </Heading>
        <p className="flex-1 leading-relaxed text-ink-soft">{post.excerpt}</p>
        <p className="text-sm text-muted">
          {post.author.name} · <PostDate at={post.publishedAt} day={post.publishedOn} /> ·{" "}
          <span className="whitespace-nowrap">{readingTime(post.readingMinutes)}</span>
        </p>
        <CategoryLinks categories={post.categories} />
      </div>
    </article>
  );
}

/** A grid of posts, or a friendly word when there are none. */
export function PostGrid({
  posts,
  empty,
  headingLevel = 2,
  priorityFirst = false,
}: {
  posts: PostCardData[];
  empty: React.ReactNode;
  headingLevel?: 2 | 3;
  /** The list is near the top of the page: its first cover loads at once. */
  priorityFirst?: boolean;
}) {
  if (posts.length === 0) {
    return <div className="max-w-2xl text-lg leading-relaxed text-ink-soft">{empty}</div>;
  }
  return (
    <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
      {posts.map((post, index) => (
        <li key={post.id}>
          <PostCard
            post={post}
            headingLevel={headingLevel}
            priority={priorityFirst && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}

/** Newer and older pages of a list, as links with rel prev and next. */
function Pagination({
  basePath,
  page,
  pageCount,
}: {
  basePath: string;
  page: number;
  pageCount: number;
}) {
  const link =
    "inline-flex min-h-11 items-center gap-2 rounded-full border border-stone-300 bg-white px-5 font-semibold text-ink hover:border-brass hover:text-brass-dark";
  return (
    <Pager
      page={page}
      pageCount={pageCount}
      {...neighbourPages(page, pageCount, (to) => pagePath(basePath, to))}
      labels={{ previous: "Newer posts", next: "Older posts" }}
      className="mt-12 flex flex-wrap items-center justify-between gap-4"
      statusClassName="text-ink-soft"
      linkClassNames={{ previous: link, next: link }}
    />
  );
}

/** A category's or an author's list with no posts yet: why, and the way to all the others. */
export function NoPostsHere({ children }: { children: React.ReactNode }) {
  return (
    <>
      <p>{children}</p>
      <ArrowLink to="/blog" className="mt-4 text-brass-dark hover:text-ink">
        See all articles
      </ArrowLink>
    </>
  );
}

/**
 * The body of a post list page: the grid (its first cover loads at once, being near the top),
 * the page links, the closing call to action and the page's structured data. With a heading
 * over the grid, the cards' titles are a level below it.
 */
export function PostListBody({
  list: { posts, page, pageCount, jsonLd },
  basePath,
  heading,
  empty,
  cta,
}: {
  /** The loader's page of posts and the page's structured data. */
  list: {
    posts: PostCardData[];
    page: number;
    pageCount: number;
    jsonLd: Array<Record<string, unknown>>;
  };
  basePath: string;
  heading?: { id: string; text: string };
  empty: React.ReactNode;
  cta: { title: string; text: string };
}) {
  return (
    <>
      <Section tone="plain" labelledBy={heading?.id} as={heading ? "section" : "div"}>
        {heading && (
          <h2 id={heading.id} className="mb-10 text-3xl leading-tight sm:text-4xl">
            {heading.text}
          </h2>
        )}
        <PostGrid posts={posts} headingLevel={heading ? 3 : 2} priorityFirst empty={empty} />
        <Pagination basePath={basePath} page={page} pageCount={pageCount} />
      </Section>
      <CtaBand id="blog-cta-heading" title={cta.title}>
        {cta.text}
      </CtaBand>
      {jsonLd.map((data, index) => (
        <JsonLd key={index} data={data} />
      ))}
    </>
  );
}

/**
 * Typography for a post's body: the sanitised HTML of its Markdown (h2 to h6, paragraphs,
 * lists, quotes, tables, code, images and links), in a readable measure.
 */
export const POST_PROSE = [
  "text-lg leading-relaxed text-ink-soft",
  "[&_p]:mt-5",
  "[&_h2]:mt-12 [&_h2]:text-3xl [&_h2]:leading-tight [&_h2]:text-ink",
  "[&_h3]:mt-8 [&_h3]:text-2xl [&_h3]:leading-snug [&_h3]:text-ink",
  "[&_h4]:mt-6 [&_h4]:font-sans [&_h4]:text-lg [&_h4]:font-semibold [&_h4]:text-ink",
  "[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
  "[&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_li]:pl-1 marker:text-brass",
  "[&_a]:font-semibold [&_a]:text-brass-dark [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-ink",
  "[&_strong]:font-semibold [&_strong]:text-ink",
  "[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brass [&_blockquote]:pl-5 [&_blockquote]:italic",
  "[&_table]:mt-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-base",
  "[&_th]:border-b-2 [&_th]:border-stone-300 [&_th]:py-2 [&_th]:pr-4 [&_th]:text-left [&_th]:text-ink",
  "[&_td]:border-b [&_td]:border-stone-200 [&_td]:py-2 [&_td]:pr-4",
  "[&_img]:mt-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-(--radius-card)",
  "[&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em] [&_code]:text-ink",
  "[&_pre]:mt-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-stone-100 [&_pre]:p-4",
  "[&_hr]:my-10 [&_hr]:border-stone-200",
].join(" ");
