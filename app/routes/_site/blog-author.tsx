import { data } from "react-router";
import type { Route } from "./+types/blog-author";
import { NoPostsHere, PostListBody } from "~/components/site/blog";
import { PageHero } from "~/components/site/page-hero";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { findAuthor } from "~/modules/content/blog.server";
import { loadPostListPage, postingOf } from "~/modules/content/blog-pages.server";
import { loadResponsiveImages } from "~/modules/media/uploads.server";
import { runtimeContext } from "~/modules/platform/context";
import { breadcrumbJsonLd, postListJsonLd } from "~/modules/seo/blog-json-ld";
import { postListMeta } from "~/modules/seo/blog-meta";

const describe = (author: { name: string; title: string; bio: string }) =>
  author.bio ||
  `Articles by ${author.name}${author.title ? `, ${author.title.toLowerCase()}` : ""}.`;

export const meta: Route.MetaFunction = (args) =>
  postListMeta(args, args.loaderData, {
    title: `Articles by ${args.loaderData?.author.name ?? ""}`,
    description: args.loaderData ? describe(args.loaderData.author) : "",
    basePath: args.location.pathname,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  const author = await findAuthor(db, params.slug);
  if (!author) throw data(null, { status: 404 });
  const [list, photos] = await Promise.all([
    loadPostListPage(request, context, { authorId: author.id }),
    loadResponsiveImages(
      db,
      author.photoImageId ? [{ id: author.photoImageId, alt: author.photoAlt }] : [],
    ),
  ]);
  const photo = author.photoImageId ? (photos.get(author.photoImageId) ?? null) : null;
  const path = `/blog/author/${author.slug}`;
  return {
    ...list,
    author,
    photo,
    jsonLd: [
      {
        ...postListJsonLd(
          list.origin,
          {
            type: "CollectionPage",
            name: `Articles by ${author.name}`,
            description: describe(author),
            path,
          },
          list.posts.map((post) => postingOf(list.origin, post)),
        ),
        about: {
          "@type": "Person",
          name: author.name,
          jobTitle: author.title || undefined,
          url: `${list.origin}${path}`,
        },
      },
      breadcrumbJsonLd(list.origin, [
        { name: "Blog", path: "/blog" },
        { name: author.name, path },
      ]),
    ],
  };
}

export default function BlogAuthor({ loaderData }: Route.ComponentProps) {
  const { author, photo } = loaderData;
  return (
    <>
      <PageHero eyebrow={author.title || "Author"} title={author.name}>
        {photo && (
          <ResponsiveImage
            image={photo}
            sizes="6rem"
            priority
            className="mb-4 block w-24"
            imgClassName="rounded-full"
          />
        )}
        <p>{describe(author)}</p>
      </PageHero>
      <PostListBody
        list={loaderData}
        basePath={`/blog/author/${author.slug}`}
        heading={{ id: "author-posts-heading", text: `Articles by ${author.name}` }}
        empty={<NoPostsHere>{author.name} has not published any articles yet.</NoPostsHere>}
        cta={{
          title: "Talk to our team about your bathroom",
          text: "Book a free consultation at home, or visit our showroom.",
        }}
      />
    </>
  );
}
