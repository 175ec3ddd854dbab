/**
 * The blog's RSS 2.0 feed (docs/REQUIREMENTS.md R11.5): the channel with an atom:link to
 * itself, one item per post with a permanent link as guid, an RFC 822 date, the excerpt as
 * description, its categories and its author (dc:creator, since RSS's <author> wants an
 * e-mail address).
 */

export interface FeedChannel {
  title: string;
  description: string;
  /** The site's origin, e.g. https://www.example.com */
  origin: string;
  /** When the feed last changed: the newest item's date, or now. */
  lastBuildDate: Date;
}

export interface FeedEntry {
  title: string;
  slug: string;
  excerpt: string;
  publishedAt: Date;
  authorName: string;
  categories: string[];
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text safe inside an XML element or attribute; characters XML 1.0 forbids are dropped. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!)
  );
}

/** RFC 822 date as RSS 2.0 wants it, e.g. "Tue, 03 Nov 2026 14:05:00 GMT". */
export const rfc822 = (date: Date): string => date.toUTCString();

const element = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

export function buildRss(channel: FeedChannel, items: FeedEntry[]): string {
  const blog = `${channel.origin}/blog`;
  const entries = items.map((item) => {
    const link = `${blog}/${item.slug}`;
    return [
      "    <item>",
      `      ${element("title", item.title)}`,
      `      ${element("link", link)}`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      ${element("pubDate", rfc822(item.publishedAt))}`,
      `      ${element("description", item.excerpt)}`,
      ...item.categories.map((name) => `      ${element("category", name)}`),
      `      ${element("dc:creator", item.authorName)}`,
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    ${element("title", channel.title)}`,
    `    ${element("link", blog)}`,
    `    ${element("description", channel.description)}`,
    "    <language>en-us</language>",
    `    ${element("lastBuildDate", rfc822(channel.lastBuildDate))}`,
    `    <atom:link href="${escapeXml(`${channel.origin}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...entries,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
