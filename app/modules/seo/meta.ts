import type { MetaDescriptor } from "react-router";
import { STRINGS } from "~/modules/platform/strings";

export interface PageSeo {
  /** The page's own title; the company name is appended. */
  title: string;
  description: string;
  keywords?: string[];
  /** Path of the social image under public/, e.g. "/og/bathrooms.png". */
  image?: string;
  /** Its pixel size when it is not the 1200x630 of the /og/ images (a blog post's cover). */
  imageSize?: [width: number, height: number];
  /** Pages that must not appear in search results (thank-you, 404). */
  noindex?: boolean;
  /** The canonical path when it is not the address's path (a list's ?page=2). */
  canonicalPath?: string;
  /** "article" for a blog post. */
  type?: "website" | "article";
}

interface MetaMatch {
  id: string;
  loaderData?: unknown;
}

const DEFAULT_IMAGE = "/og/default.png";

/** Reads the public origin (root loader) and company name (site layout loader). */
function siteContext(matches: ReadonlyArray<MetaMatch | undefined>) {
  const root = matches.find((m) => m?.id === "root")?.loaderData as
    { publicOrigin?: string } | undefined;
  const layout = matches.find((m) => m?.id === "routes/_site/layout")?.loaderData as
    { company?: { name?: string } } | undefined;
  return {
    origin: root?.publicOrigin ?? "",
    siteName: layout?.company?.name ?? "Lumen Bath & Remodel",
  };
}

/** Title, description, keywords, canonical URL, Open Graph and Twitter tags for a page. */
export function pageMeta(
  args: { matches: ReadonlyArray<MetaMatch | undefined>; location: { pathname: string } },
  page: PageSeo,
): MetaDescriptor[] {
  const { origin, siteName } = siteContext(args.matches);
  const title = `${page.title} | ${siteName}`;
  const url = `${origin}${page.canonicalPath ?? args.location.pathname}`;
  const image = `${origin}${page.image ?? DEFAULT_IMAGE}`;
  const [imageWidth, imageHeight] = page.imageSize ?? [1200, 630];
  return [
    { title },
    { name: "description", content: page.description },
    ...(page.keywords?.length ? [{ name: "keywords", content: page.keywords.join(", ") }] : []),
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(imageWidth) },
    { property: "og:image:height", content: String(imageHeight) },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
  ];
}

/** Unknown paths: the default title, kept out of the index. */
export function notFoundMeta(): MetaDescriptor[] {
  return [{ title: STRINGS.defaultTitle }, { name: "robots", content: "noindex" }];
}
