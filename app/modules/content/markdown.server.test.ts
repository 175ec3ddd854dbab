import { describe, expect, it } from "vitest";
import { plainText, readingMinutes, renderMarkdown } from "./markdown.server";

const SITE = { siteOrigin: "https://www.lumenbath.example" };
const render = (markdown: string) => renderMarkdown(markdown, SITE);

/**
 * What must never be in the output, whatever the input. sanitize-html writes every `<` of
 * text as `&lt;` and every attribute as name="value", so each `<` left is a real tag and
 * its attributes can be read off it.
 */
function expectHarmless(html: string) {
  const allowed = new Set(["h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "strong", "em"]);
  for (const tag of ["del", "s", "code", "pre", "blockquote", "ul", "ol", "li", "a", "img"]) {
    allowed.add(tag);
  }
  for (const tag of ["table", "thead", "tbody", "tr", "th", "td", "sup", "sub"]) allowed.add(tag);
  for (const [, name, attributes] of html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
    expect(allowed, `tag <${name}>`).toContain(name!.toLowerCase());
    for (const [, attribute, value] of attributes!.matchAll(/\s([^\s=]+)(?:="([^"]*)")?/g)) {
      expect(attribute!.toLowerCase(), `attribute of <${name}>`).not.toMatch(
        /^(on|style$|srcdoc$|formaction$|xlink)/,
      );
      if (/^(href|src)$/i.test(attribute!)) {
        expect(value ?? "").toMatch(/^(https?:\/\/[^/]|\/(?!\/)|mailto:|tel:|#|[^:]*$)/i);
      }
    }
  }
}

const PAYLOADS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  "<scr<script>ipt>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "<img src=x onerror=alert(1)//",
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="java\tscript:alert(1)">click</a>',
  "[click](javascript:alert(1))",
  "[click](JAVASCRIPT:alert(1))",
  "[click](vbscript:msgbox(1))",
  "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  "![x](javascript:alert(1))",
  '<svg onload="alert(1)"><circle r="1"/></svg>',
  "<svg><script>alert(1)</script></svg>",
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="https://evil.example"><input name="x"><button formaction="javascript:alert(1)">go</button></form>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="position:fixed;inset:0">cover</p>',
  '<a href="https://ok.example" onclick="alert(1)" onmouseover="alert(2)">x</a>',
  '<body onload="alert(1)">',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  "<details open ontoggle=alert(1)>",
  '<img src="x" onerror\n=alert(1)>',
  "<<img src=x onerror=alert(1)>",
  "<img src=`x`onerror=alert(1)>",
  '"><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  "<!--><script>alert(1)</script>-->",
  "<![CDATA[<script>alert(1)</script>]]>",
  '<a href="//evil.example">protocol-relative</a>',
  "<textarea><script>alert(1)</script></textarea>",
  "<template><script>alert(1)</script></template>",
  "[x](<javascript:alert(1)>)",
  '[x](https://ok.example "title" onclick="alert(1)")',
  "<img src=x:alert(alt) onerror=eval(src) alt=0>",
  "**bold <script>alert(1)</script>**",
  "> quote <img src=x onerror=alert(1)>",
  "| a | b |\n|---|---|\n| <script>alert(1)</script> | <img src=x onerror=alert(1)> |",
  "```html\n<script>alert(1)</script>\n```",
  "`<script>alert(1)</script>`",
];

describe("renderMarkdown: hostile input comes out harmless", () => {
  it.each(PAYLOADS)("%j", (payload) => {
    expectHarmless(render(payload));
    // Also inside other markup, and broken across lines.
    expectHarmless(render(`# Title\n\nText ${payload} more\n\n- ${payload}\n`));
  });

  it("shows code as text, escaped", () => {
    const html = render("```html\n<script>alert(1)</script>\n```");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});

describe("renderMarkdown: what a post needs", () => {
  it.each([
    {
      does: "renders the usual Markdown, headings one level down",
      markdown:
        "# Big\n\n## Section\n\nA **bold** and *soft* [link](/bathrooms).\n\n- one\n- two\n\n> said\n",
      has: [
        "<h2>Big</h2>",
        "<h3>Section</h3>",
        "<strong>bold</strong>",
        "<em>soft</em>",
        '<a href="/bathrooms">link</a>',
        "<li>one</li>",
        "<blockquote>",
      ],
      lacks: ["<h1"],
    },
    {
      does: "marks links to other sites noopener, and not our own",
      markdown:
        "[them](https://other.example/x) [us](https://www.lumenbath.example/about-us) [path](/tv)",
      has: [
        '<a href="https://other.example/x" rel="noopener">them</a>',
        '<a href="https://www.lumenbath.example/about-us">us</a>',
        '<a href="/tv">path</a>',
      ],
    },
    {
      does: "drops a rel typed by the author and sets its own",
      markdown: '<a href="https://other.example" rel="opener">x</a>',
      has: ['rel="noopener"'],
      lacks: ['rel="opener"'],
    },
    {
      does: "loads images lazily and keeps their alt text",
      markdown: "![A curbless shower](/media/abc/800-0123456789.webp)",
      has: ['alt="A curbless shower"', 'loading="lazy"', 'src="/media/abc/800-0123456789.webp"'],
    },
    {
      does: "keeps tables",
      markdown: "| Tile | Cost |\n|:--|--:|\n| Porcelain | $$ |",
      has: ["<table>", "<td"],
    },
  ])("$does", ({ markdown, has, lacks = [] }) => {
    const html = render(markdown);
    for (const fragment of has) expect(html).toContain(fragment);
    for (const fragment of lacks) expect(html).not.toContain(fragment);
  });
});

describe("readingMinutes and plainText", () => {
  it("counts 200 words a minute, at least one", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes("word ".repeat(200))).toBe(1);
    expect(readingMinutes("word ".repeat(1000))).toBe(5);
    expect(readingMinutes("# — *\n\n- - -")).toBe(1);
  });

  it("gives the text without markup, cut at a word", () => {
    expect(plainText("# Title\n\nTile & *grout* <b>matter</b>.")).toBe(
      "Title Tile & grout matter.",
    );
    const long = plainText("word ".repeat(100), 30);
    expect(long.length).toBeLessThanOrEqual(30);
    expect(long.endsWith("…")).toBe(true);
    expect(plainText("<script>alert(1)</script>Safe")).toBe("Safe");
  });
});
