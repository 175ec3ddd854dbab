import { data } from "react-router";
import type { Route } from "./+types/blog-category";
import { NoPostsHere, PostListBody } from "~/components/site/blog";
import { PageHero } from "~/components/site/page-hero";
import { findCategory } from "~/modules/content/blog.server";
import { loadPostListPage, postingOf } from "~/modules/content/blog-pages.server";
import { runtimeContext } from "~/modules/platform/context";
import { breadcrumbJsonLd, postListJsonLd } from "~/modules/seo/blog-json-ld";
import { postListMeta } from "~/modules/seo/blog-meta";

const describe = (category: { name: string; description: string }) =>
  category.description || `Articles about ${category.name.toLowerCase()} from our bathroom team.`;

export const meta: Route.MetaFunction = (args) =>
  postListMeta(args, args.loaderData, {
    title: `${args.loaderData?.category.name ?? ""}: Bathroom Blog`,
    description: args.loaderData ? describe(args.loaderData.category) : "",
    basePath: args.location.pathname,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const category = await findCategory(context.get(runtimeContext).db, params.slug);
  if (!category) throw data(null, { status: 404 });
  const list = await loadPostListPage(request, context, { categoryId: category.id });
  const path = `/blog/category/${category.slug}`;
  return {
    ...list,
    category,
    jsonLd: [
      postListJsonLd(
        list.origin,
        { type: "CollectionPage", name: category.name, description: describe(category), path },
        list.posts.map((post) => postingOf(list.origin, post)),
      ),
      breadcrumbJsonLd(list.origin, [
        { name: "Blog", path: "/blog" },
        { name: category.name, path },
      ]),
    ],
  };
}

export default function BlogCategory({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData;
  return (
    <>
      <PageHero eyebrow="Blog category" title={category.name}>
        <p>{describe(category)}</p>
      </PageHero>
      <PostListBody
        list={loaderData}
        basePath={`/blog/category/${category.slug}`}
        empty={<NoPostsHere>There are no articles in this category yet.</NoPostsHere>}
        cta={{
          title: "Have a question we have not answered?",
          text: "Ask a designer: the consultation is free, at home or in our showroom.",
        }}
      />
    </>
  );
}
