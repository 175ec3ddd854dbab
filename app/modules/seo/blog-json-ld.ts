/** Structured data for the blog's pages (schema.org BlogPosting, Blog, CollectionPage). */

type JsonLd = Record<string, unknown>;

export interface Crumb {
  name: string;
  path: string;
}

/** Home, then the given trail: the last crumb is the page itself. */
export function breadcrumbJsonLd(origin: string, trail: Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [{ name: "Home", path: "/" }, ...trail].map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: `${origin}${crumb.path}`,
    })),
  };
}

export interface PostingSource {
  title: string;
  slug: string;
  description: string;
  publishedAt: Date;
  modifiedAt: Date;
  author: { name: string; slug: string; title: string };
  categories: Array<{ name: string }>;
  /** Absolute URL of the cover, if any. */
  image?: string;
  wordCount?: number;
}

const posting = (origin: string, post: PostingSource): JsonLd => ({
  "@type": "BlogPosting",
  "@id": `${origin}/blog/${post.slug}#post`,
  headline: post.title,
  description: post.description,
  url: `${origin}/blog/${post.slug}`,
  datePublished: post.publishedAt.toISOString(),
  dateModified: post.modifiedAt.toISOString(),
  author: {
    "@type": "Person",
    name: post.author.name,
    jobTitle: post.author.title || undefined,
    url: `${origin}/blog/author/${post.author.slug}`,
  },
  publisher: { "@id": `${origin}/#business` },
  ...(post.image ? { image: post.image } : {}),
  ...(post.categories.length ? { keywords: post.categories.map((c) => c.name).join(", ") } : {}),
  ...(post.wordCount ? { wordCount: post.wordCount } : {}),
});

export function blogPostingJsonLd(origin: string, post: PostingSource): JsonLd {
  return {
    "@context": "https://schema.org",
    ...posting(origin, post),
    mainEntityOfPage: `${origin}/blog/${post.slug}`,
    isPartOf: { "@id": `${origin}/blog#blog` },
  };
}

/** /blog as a Blog, or a category's or author's page as a CollectionPage, with its posts. */
export function postListJsonLd(
  origin: string,
  page: { type: "Blog" | "CollectionPage"; name: string; description: string; path: string },
  posts: PostingSource[],
): JsonLd {
  const url = `${origin}${page.path}`;
  return {
    "@context": "https://schema.org",
    "@type": page.type,
    ...(page.type === "Blog" ? { "@id": `${origin}/blog#blog` } : {}),
    name: page.name,
    description: page.description,
    url,
    inLanguage: "en-US",
    publisher: { "@id": `${origin}/#business` },
    [page.type === "Blog" ? "blogPost" : "hasPart"]: posts.map((post) => posting(origin, post)),
  };
}
