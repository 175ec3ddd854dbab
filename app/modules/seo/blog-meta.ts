import type { MetaDescriptor } from "react-router";
import { notFoundMeta, pageMeta, type PageSeo } from "./meta";

type MetaArgs = Parameters<typeof pageMeta>[0] & {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
};

/** The address of page `page` of a list: the first page has no ?page. */
export const pagePath = (basePath: string, page: number) =>
  page <= 1 ? basePath : `${basePath}?page=${page}`;

/**
 * A post list's tags: its own canonical URL per page (page 2 is not page 1), "Page N" in
 * the title after the first, and rel prev/next to the neighbouring pages.
 */
export function postListMeta(
  args: MetaArgs,
  list: { page: number; pageCount: number } | undefined,
  seo: PageSeo & { basePath: string },
): MetaDescriptor[] {
  if (!list) return notFoundMeta();
  const { basePath, ...page } = seo;
  const origin =
    (args.matches.find((m) => m?.id === "root")?.loaderData as { publicOrigin?: string })
      ?.publicOrigin ?? "";
  return [
    ...pageMeta(args, {
      ...page,
      title: list.page > 1 ? `${page.title} (page ${list.page})` : page.title,
      canonicalPath: pagePath(basePath, list.page),
    }),
    ...(list.page > 1
      ? [{ tagName: "link", rel: "prev", href: `${origin}${pagePath(basePath, list.page - 1)}` }]
      : []),
    ...(list.page < list.pageCount
      ? [{ tagName: "link", rel: "next", href: `${origin}${pagePath(basePath, list.page + 1)}` }]
      : []),
  ];
}
