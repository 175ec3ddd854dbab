import { data, Link } from "react-router";
import type { Route } from "./+types/blog-post";
import { CategoryLinks, POST_PROSE, PostDate, PostGrid, readingTime } from "~/components/site/blog";
import { CtaBand } from "~/components/site/cta-band";
import { JsonLd } from "~/components/site/json-ld";
import { Container } from "~/components/ui/container";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { SectionHeader } from "~/components/ui/section";
import { srcSet } from "~/modules/media/image";
import { loadCovers } from "~/modules/content/blog-covers.server";
import { withCovers } from "~/modules/content/blog-pages.server";
import { findPost, relatedPosts } from "~/modules/content/blog.server";
import { plainText, renderMarkdown } from "~/modules/content/markdown.server";
import { loadResponsiveImages } from "~/modules/media/uploads.server";
import { runtimeContext } from "~/modules/platform/context";
import { currentStaff } from "~/modules/staff/guard.server";
import { blogPostingJsonLd, breadcrumbJsonLd } from "~/modules/seo/blog-json-ld";
import { notFoundMeta, pageMeta } from "~/modules/seo/meta";

const COVER_SIZES = "(min-width: 1024px) 56rem, 100vw";

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  if (!loaded) return notFoundMeta();
  const { post, seo } = loaded;
  return [
    ...pageMeta(args, {
      title: seo.title,
      description: seo.description,
      image: seo.image?.path,
      imageSize: seo.image?.size,
      type: "article",
      noindex: !post.isPublic,
      canonicalPath: `/blog/${post.slug}`,
    }),
    ...(post.publishedAt
      ? [{ property: "article:published_time", content: post.publishedAt.toISOString() }]
      : []),
    ...post.categories.map((category) => ({ property: "article:section", content: category.name })),
  ];
};

/** A preview must never be stored by a shared cache. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const { db, config } = runtime;
  const origin = config.publicUrl.origin;
  // Only a signed-in staff member may see a post that is not out yet (docs/REQUIREMENTS.md R11.2).
  const preview =
    new URL(request.url).searchParams.get("preview") === "1" &&
    (await currentStaff(runtime, request)) !== null;
  const post = await findPost(db, params.slug, { preview });
  if (!post) throw data(null, { status: 404 });

  const [covers, related, uploaded] = await Promise.all([
    loadCovers(db, [post]),
    relatedPosts(db, post).then((posts) => withCovers(context, posts)),
    loadResponsiveImages(db, [
      ...(post.socialImageId ? [{ id: post.socialImageId, alt: "" }] : []),
      ...(post.author.photoImageId
        ? [{ id: post.author.photoImageId, alt: post.author.photoAlt }]
        : []),
    ]),
  ]);
  const cover = covers.get(post.id) ?? null;
  const authorPhoto = post.author.photoImageId
    ? (uploaded.get(post.author.photoImageId) ?? null)
    : null;
  // Shared links show the social image, else the cover (docs/REQUIREMENTS.md R11.6).
  const social = (post.socialImageId && uploaded.get(post.socialImageId)) || cover;
  const largest = social?.variants.at(-1);
  const description = post.seoDescription || post.excerpt || plainText(post.body);
  const path = `/blog/${post.slug}`;
  const { body, ...shown } = post;
  const loaded = {
    post: {
      ...shown,
      coverImageId: undefined,
      socialImageId: undefined,
      author: { ...shown.author, photoImageId: undefined },
    },
    html: renderMarkdown(body, { siteOrigin: origin }),
    cover,
    authorPhoto,
    related,
    seo: {
      title: post.seoTitle || post.title,
      description,
      image: largest
        ? {
            path: largest.webp,
            size: [largest.width, Math.round((social!.height * largest.width) / social!.width)] as [
              number,
              number,
            ],
          }
        : undefined,
    },
    jsonLd: [
      blogPostingJsonLd(origin, {
        title: post.title,
        slug: post.slug,
        description,
        publishedAt: post.publishedAt ?? post.updatedAt,
        modifiedAt:
          post.updatedAt > (post.publishedAt ?? post.updatedAt)
            ? post.updatedAt
            : (post.publishedAt ?? post.updatedAt),
        author: post.author,
        categories: post.categories,
        image: largest ? `${origin}${largest.webp}` : undefined,
        wordCount: body.split(/\s+/).filter(Boolean).length,
      }),
      breadcrumbJsonLd(origin, [
        { name: "Blog", path: "/blog" },
        { name: post.title, path },
      ]),
    ],
  };
  return post.isPublic
    ? loaded
    : data(loaded, { headers: { "Cache-Control": "private, no-store" } });
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, html, cover, authorPhoto, related, jsonLd } = loaderData;
  return (
    <>
      <article aria-labelledby="post-title" className="bg-white">
        {!post.isPublic && (
          <div role="status" className="border-b border-brass bg-brass-light px-4 py-3 text-center">
            <strong>Preview: not published.</strong>{" "}
            {post.status === "scheduled"
              ? "This post is scheduled and visitors cannot see it yet."
              : post.status === "draft"
                ? "This post is a draft: only staff can see it."
                : "This post's date has not come yet: only staff can see it."}
          </div>
        )}
        <Container className="max-w-4xl py-10 sm:py-14">
          <nav aria-label="Breadcrumb" className="text-sm text-muted">
            <ol className="flex flex-wrap gap-2">
              <li>
                <Link to="/" className="hover:text-ink hover:underline">
                  Home
                </Link>
                <span aria-hidden="true"> /</span>
              </li>
              <li>
                <Link to="/blog" className="hover:text-ink hover:underline">
                  Blog
                </Link>
              </li>
            </ol>
          </nav>
          <CategoryLinks categories={post.categories} className="mt-6" />
          <h1 id="post-title" className="mt-4 text-4xl leading-tight sm:text-5xl">
            {post.title}
          </h1>
          {post.excerpt && (
            <p className="mt-5 text-xl leading-relaxed text-ink-soft">{post.excerpt}</p>
          )}
          <p className="mt-6 flex flex-wrap gap-x-2 text-ink-soft">
            <span>
              By{" "}
              <Link
                to={`/blog/author/${post.author.slug}`}
                className="font-semibold text-ink hover:text-brass-dark hover:underline"
              >
                {post.author.name}
              </Link>
              {post.author.title && <>, {post.author.title}</>}
            </span>
            {post.publishedAt && post.publishedOn && (
              <span>
                · <PostDate at={post.publishedAt} day={post.publishedOn} />
              </span>
            )}
            <span>· {readingTime(post.readingMinutes)}</span>
          </p>
          {cover && (
            // React places this preload in the head, so the cover starts with the document.
            <link
              rel="preload"
              as="image"
              type="image/avif"
              imageSrcSet={srcSet(cover, "avif")}
              imageSizes={COVER_SIZES}
              fetchPriority="high"
            />
          )}
          {cover && (
            <ResponsiveImage
              image={cover}
              sizes={COVER_SIZES}
              priority
              className="mt-8 block"
              imgClassName="rounded-(--radius-card)"
            />
          )}
          <div
            className={`mx-auto mt-10 max-w-3xl ${POST_PROSE}`}
            dangerouslySetInnerHTML={{ __html: html }}
          />
          <aside
            aria-labelledby="author-heading"
            className="mx-auto mt-14 max-w-3xl rounded-(--radius-card) border border-stone-200 bg-stone-50 p-6"
          >
            {authorPhoto && (
              <ResponsiveImage
                image={authorPhoto}
                sizes="5rem"
                className="float-right ml-4 block w-20"
                imgClassName="rounded-full"
              />
            )}
            <h2 id="author-heading" className="text-2xl">
              About {post.author.name}
            </h2>
            {post.author.title && <p className="mt-1 text-muted">{post.author.title}</p>}
            {post.author.bio && (
              <p className="mt-3 leading-relaxed text-ink-soft">{post.author.bio}</p>
            )}
            <Link
              to={`/blog/author/${post.author.slug}`}
              className="mt-4 inline-flex min-h-6 font-semibold text-brass-dark underline underline-offset-2 hover:text-ink"
            >
              More articles by {post.author.name}
            </Link>
          </aside>
        </Container>
      </article>
      {related.length > 0 && (
        // Not a Section: its render-when-visible placeholder is shorter than three stacked
        // cards on a phone, and the page's tools then see the cards over the band below.
        <section aria-labelledby="related-heading" className="bg-stone-50 py-16 sm:py-24">
          <Container>
            <SectionHeader id="related-heading" eyebrow="Keep reading" title="Related articles" />
            <PostGrid posts={related} headingLevel={3} empty={null} />
          </Container>
        </section>
      )}
      <CtaBand id="post-cta-heading" title="Thinking about a project like this?">
        Talk it through with one of our designers: the consultation is free, at home or in our
        showroom, and you get a fixed, written price.
      </CtaBand>
      {jsonLd.map((item, index) => (
        <JsonLd key={index} data={item} />
      ))}
    </>
  );
}
