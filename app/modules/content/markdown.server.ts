import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * A post's Markdown as HTML safe to put in a page: the one renderer behind the public post
 * and the editor's preview, so staff see exactly what visitors will. marked turns Markdown
 * (with any HTML typed into it) into HTML; sanitize-html then keeps only an allow-list of
 * tags and attributes, so no script, inline event handler, style, frame, form, SVG or
 * MathML survives, and links and images may only point to http(s), mailto/tel (links) or
 * our own paths. Headings move one level down: the page's title is its only <h1>.
 */

const marked = new Marked({ gfm: true, breaks: false, async: false });

const ALLOWED_TAGS = [
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "br",
  "hr",
  "strong",
  "em",
  "del",
  "s",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
  "img",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "sup",
  "sub",
];

const HEADING_DOWN: Record<string, string> = { h1: "h2", h2: "h3", h3: "h4", h4: "h5", h5: "h6" };

export interface RenderOptions {
  /** The site's own origin: links elsewhere get rel="noopener". */
  siteOrigin: string;
}

function isExternal(href: string, siteOrigin: string): boolean {
  try {
    return new URL(href, siteOrigin).origin !== new URL(siteOrigin).origin;
  } catch {
    return false;
  }
}

export function renderMarkdown(markdown: string, options: RenderOptions): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ["href", "title", "rel"],
      img: ["src", "alt", "title", "loading", "decoding"],
      th: ["align"],
      td: ["align"],
      ol: ["start"],
      code: ["class"],
    },
    allowedClasses: { code: [/^language-[a-z0-9+#-]+$/] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowProtocolRelative: false,
    // What is not allowed goes, with its content for script-like tags.
    disallowedTagsMode: "discard",
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "svg", "math"],
    transformTags: {
      ...Object.fromEntries(
        Object.entries(HEADING_DOWN).map(([from, to]) => [
          from,
          sanitizeHtml.simpleTransform(to, {}),
        ]),
      ),
      a: (tagName, attribs) => {
        const { rel: _ignored, ...rest } = attribs;
        const href = rest.href ?? "";
        return {
          tagName,
          attribs: isExternal(href, options.siteOrigin) ? { ...rest, rel: "noopener" } : rest,
        };
      },
      img: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, alt: attribs.alt ?? "", loading: "lazy", decoding: "async" },
      }),
    },
  });
}

const WORDS_PER_MINUTE = 200;

/** Minutes to read a post (at least 1), from its words at 200 a minute. */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** The entities sanitize-html writes in text, read back. */
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };

/** The text of a post without markup, e.g. for a description when none was written. */
export function plainText(markdown: string, maxLength = 160): string {
  const text = sanitizeHtml(marked.parse(markdown) as string, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "svg", "math"],
  })
    .replace(/&(amp|lt|gt|quot|#39);/g, (_entity, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 1))}…`;
}
