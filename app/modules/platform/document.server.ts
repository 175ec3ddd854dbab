import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Production touches to the server-rendered document, for a fast first paint on phones:
 *
 * - The stylesheet is inlined, so the page paints as soon as the HTML arrives instead of
 *   waiting for a second request.
 * - The scripts start after that first paint: the module-preload hints are dropped, a
 *   small script in the head fetches the page's modules once the page has painted its
 *   first content (while the rest of the document is still being parsed), and React
 *   Router's boot module imports them only once the page has painted, so on a slow
 *   connection the JavaScript does not compete with the HTML, the stylesheet and the main
 *   image.
 * - Icons are drawn in the page instead of from the sprite file: a first visit does not
 *   wait for it, nor build a document of its own for it on the main thread. The sprite
 *   still draws the icons of pages rendered in the browser after a link is followed.
 *
 * React Router has no option for the preload hints or the boot module's start, so the boot
 * module is adapted (see docs/decisions/009-boot-script-adapter.md); the icons, see
 * docs/decisions/005-icons-as-a-sprite.md.
 */
export function optimizeDocument(
  html: string,
  options: {
    nonce?: string;
    css: string | null;
    entryImports: readonly string[];
    /** Other modules the page will import: the entry's own, the route modules' imports. */
    preloads?: readonly string[];
    /** Each icon's shapes by name (builtIconShapes), drawn in place of its sprite reference. */
    iconShapes?: ReadonlyMap<string, string> | null;
  },
) {
  let out = html.replace(MODULE_PRELOAD, "");
  const shapes = options.iconShapes;
  if (shapes) out = out.replace(ICON_USE, (use, name: string) => shapes.get(name) ?? use);
  let modules: string[] | undefined;
  out = out.replace(BOOT_SCRIPT, (whole, open: string, body: string, close: string) => {
    const boot = parseBootScript(body);
    if (!boot) return whole;
    modules = pageModules(boot, options.entryImports, options.preloads);
    return `${open}${deferBootScript(boot, options.entryImports, options.preloads)}${close}`;
  });
  const nonce = options.nonce ? ` nonce="${options.nonce}"` : "";
  const head = [
    modules ? `<script${nonce}>${preloadAfterFirstPaint(modules)}</script>` : "",
    out.includes(MOBILE_MENU) ? `<script${nonce}>${CLOSE_MENU_ON_FOLLOW}</script>` : "",
    options.css ? `<style${nonce}>${options.css.replace(/<\/style/gi, "<\\/style")}</style>` : "",
  ].join("");
  return head ? out.replace("</head>", `${head}</head>`) : out;
}

/** The site's mobile menu (app/components/site/mobile-menu.tsx). */
const MOBILE_MENU = "data-mobile-menu";

/**
 * Closes the mobile menu when one of its links is followed, from the first paint on. HTML
 * alone cannot: a popover stays open when a link inside it is followed, so before the
 * scripts started Get a Quote scrolled the page to the form behind the open menu, whose
 * scroll lock then held the page there (docs/decisions/016-usable-before-scripts.md).
 */
export const CLOSE_MENU_ON_FOLLOW = `document.addEventListener("click", (event) => { const link = event.target instanceof Element ? event.target.closest("[${MOBILE_MENU}] a[href]") : null; link?.closest("[popover]")?.hidePopover?.(); });`;

/** An inline script: no src attribute; JSON data blocks are not scripts the CSP governs. */
const INLINE_SCRIPT =
  /<script(?![^>]*\ssrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The CSP source of every inline script of a finished document ("sha256-…" of its text),
 * so the page runs without a per-request nonce and its bytes can be shared by visitors.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(`sha256-${createHash("sha256").update(match[1]!, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

/** The hints `<Scripts>` renders for the entry, the route modules and their imports. */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/>/g;

/** `<Scripts>` renders one module script: the boot module. */
const BOOT_SCRIPT = /(<script[^>]*type="module"[^>]*>)([\s\S]*?)(<\/script>)/;

/**
 * A route module's static import, as react-router 7.18 writes it: `route0` for a whole
 * module, `route0_main`, `route0_clientLoader`... for the chunks of a split one.
 */
const ROUTE_IMPORT = /^import \* as (route\d+(?:_\w+)?) from "([^"]+)";$/;

/** What the rest of the boot module may hold: the manifest, the route table, the entry. */
const BOOT_REST =
  /^(?:const route\d+ = \{[^}]*\};\s*)*(?:window\.__reactRouterManifest = [\s\S]*?;\s*)?window\.__reactRouterRouteModules = \{[^}]*\};\s*import\("[^"]+"\);$/;

export interface BootScript {
  routeImports: Array<{ name: string; url: string }>;
  rest: string;
}

/**
 * React Router's boot module split into its route-module imports and the rest, or null
 * when it is not the shape this adapter knows (then the document is left as rendered).
 */
export function parseBootScript(body: string): BootScript | null {
  const lines = body.trim().split("\n");
  // Where a development build imports its hot-reload runtime, production leaves a lone ";".
  if (lines[0] === ";") lines.shift();
  const routeImports: BootScript["routeImports"] = [];
  while (lines.length > 0) {
    const route = ROUTE_IMPORT.exec(lines[0]!.trim());
    if (!route) break;
    routeImports.push({ name: route[1]!, url: route[2]! });
    lines.shift();
  }
  const rest = lines.join("\n").trim();
  if (routeImports.length === 0 || !BOOT_REST.test(rest)) return null;
  return { routeImports, rest };
}

/**
 * Every module the page imports, once each: the entry's own imports, the route modules and
 * `preloads`, modules imported only once the others run (the entry module, a route
 * module's own imports), which would otherwise each cost one more round trip before the
 * page is interactive.
 */
export function pageModules(
  boot: BootScript,
  entryImports: readonly string[],
  preloads: readonly string[] = [],
): string[] {
  return [
    ...new Set([...entryImports, ...boot.routeImports.map((route) => route.url), ...preloads]),
  ];
}

/** Adds a module-preload hint for each of `urls` (the browser fetches each once). */
const addModulePreloads = (urls: readonly string[]) =>
  `for (const href of ${JSON.stringify(urls)}) { const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link); }`;

/**
 * A classic script for the head that fetches the page's modules as soon as the page has
 * painted its first content, while the parser is still on the rest of the document: on a
 * phone's network they then arrive about when the document is parsed instead of starting
 * only then (docs/decisions/016-usable-before-scripts.md). Nothing competes with the first
 * paint. It looks once a frame and stops when the document is parsed: the boot module then
 * fetches them anyway (also in a browser without paint timing).
 */
export function preloadAfterFirstPaint(urls: readonly string[]): string {
  return [
    "(function preloadOncePainted() {",
    `if (performance.getEntriesByName("first-contentful-paint").length > 0) { ${addModulePreloads(urls)} }`,
    'else if (document.readyState === "loading") requestAnimationFrame(preloadOncePainted);',
    "})();",
  ].join(" ");
}

/**
 * The boot module rewritten to wait for the next paint, fetch every module in parallel
 * (`pageModules`; those the head's script asked for already are not fetched again), then
 * evaluate them one at a time with a pause between, so no single task blocks the page for
 * long. The entry's own imports go first, as their static import would have.
 */
export function deferBootScript(
  boot: BootScript,
  entryImports: readonly string[],
  preloads: readonly string[] = [],
): string {
  return [
    "const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));",
    "await new Promise((resolve) => { requestAnimationFrame(() => setTimeout(resolve, 0)); setTimeout(resolve, 250); });",
    addModulePreloads(pageModules(boot, entryImports, preloads)),
    `for (const url of ${JSON.stringify(entryImports)}) { await import(url); await nextTask(); }`,
    ...boot.routeImports.map(
      (route) =>
        `const ${route.name} = await import(${JSON.stringify(route.url)}); await nextTask();`,
    ),
    boot.rest,
  ].join("\n");
}

/**
 * An icon as the Icon component renders it (app/components/ui/icon.tsx): a `<use>` of the
 * sprite, written as the SVG's inner HTML so that hydration leaves what is there alone.
 */
const ICON_USE = /<use href="\/media\/icons-[0-9a-f]+\.svg#([a-z0-9-]+)"><\/use>/g;

/** A symbol of the sprite written by scripts/generate-icon-sprite.ts: its name and shapes. */
const SPRITE_SYMBOL = /<symbol id="([a-z0-9-]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g;

/** Each icon's shapes by name, from the text of the sprite. */
export function iconShapesOf(sprite: string): Map<string, string> {
  return new Map(Array.from(sprite.matchAll(SPRITE_SYMBOL), ([, name, inner]) => [name!, inner!]));
}

/** Files of build/client beside the server bundle, read once each (null: not readable). */
const builtFiles = new Map<string, string | null>();

function builtClientFile(url: string): string | null {
  if (!builtFiles.has(url)) {
    let text: string | null = null;
    try {
      text = readFileSync(fileURLToPath(new URL(`../client${url}`, import.meta.url)), "utf8");
    } catch {
      text = null;
    }
    builtFiles.set(url, text);
  }
  return builtFiles.get(url) ?? null;
}

let cachedShapes: { url: string; shapes: Map<string, string> | null } | undefined;

/**
 * The shapes of each icon in the built sprite at `url`, for optimizeDocument to draw in the
 * page. Null when the file cannot be read: the page then keeps its references to the
 * sprite, which still draw.
 */
export function builtIconShapes(url: string): ReadonlyMap<string, string> | null {
  if (cachedShapes?.url !== url) {
    const sprite = builtClientFile(url);
    cachedShapes = { url, shapes: sprite === null ? null : iconShapesOf(sprite) };
  }
  return cachedShapes.shapes;
}

/** The built stylesheet's text. */
export function builtStylesheet(url: string): string | null {
  return builtClientFile(url);
}
