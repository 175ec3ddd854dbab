import type { Route } from "./+types/blog";
import { PostListBody } from "~/components/site/blog";
import { PageHero } from "~/components/site/page-hero";
import { loadPostListPage, postingOf } from "~/modules/content/blog-pages.server";
import { breadcrumbJsonLd, postListJsonLd } from "~/modules/seo/blog-json-ld";
import { postListMeta } from "~/modules/seo/blog-meta";

const TITLE = "Bathroom Remodeling Blog";
const DESCRIPTION =
  "Advice for New England homeowners planning a bathroom remodel: costs in Massachusetts, layouts, materials that last, accessibility and what happens on site.";

export const meta: Route.MetaFunction = (args) =>
  postListMeta(args, args.loaderData, {
    title: TITLE,
    description: DESCRIPTION,
    basePath: "/blog",
    keywords: ["bathroom remodeling blog", "bathroom remodel advice", "New England bathrooms"],
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const list = await loadPostListPage(request, context);
  return {
    ...list,
    jsonLd: [
      postListJsonLd(
        list.origin,
        { type: "Blog", name: TITLE, description: DESCRIPTION, path: "/blog" },
        list.posts.map((post) => postingOf(list.origin, post)),
      ),
      breadcrumbJsonLd(list.origin, [{ name: "Blog", path: "/blog" }]),
    ],
  };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Blog" title="Bathroom ideas and advice">
        <p>
          Straight answers from our designers, project managers and owner: what a remodel costs,
          what lasts in New England homes, and how to plan a bathroom you will enjoy for years.
        </p>
      </PageHero>
      <PostListBody
        list={loaderData}
        basePath="/blog"
        empty={
          <p>
            We have not published any articles yet. Check back soon, or ask us your question
            directly: we are happy to help.
          </p>
        }
        cta={{
          title: "Planning a bathroom remodel?",
          text: "Talk it through with a designer: a free consultation at home or in our showroom.",
        }}
      />
    </>
  );
}
