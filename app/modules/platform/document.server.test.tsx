import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  createRequestHandler,
  Links,
  Outlet,
  Scripts,
  ServerRouter,
  type ServerBuild,
} from "react-router";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { Icon } from "~/components/ui/icon";
import { ICON_NAMES } from "~/components/ui/icon-names";
import { ICON_SPRITE_URL } from "~/components/ui/icon-sprite.generated";
import {
  CLOSE_MENU_ON_FOLLOW,
  deferBootScript,
  iconShapesOf,
  optimizeDocument,
  pageModules,
  parseBootScript,
  preloadAfterFirstPaint,
} from "./document.server";

const NONCE = "test-nonce";
const ENTRY_IMPORTS = ["/assets/framework.js", "/assets/shared.js"];

function entryRoute(id: string, module: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    path: id === "root" ? "" : undefined,
    index: id === "root" ? undefined : true,
    parentId: id === "root" ? undefined : "root",
    hasAction: false,
    hasLoader: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    module,
    imports: ["/assets/shared.js"],
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
    ...extra,
  };
}

/**
 * A production server build as React Router's Vite plugin writes one, with a root layout
 * drawing <Links> and <Scripts> as app/root.tsx does. `splitChild` gives the page a client
 * loader in its own chunk, as split route modules do.
 */
function serverBuild({ splitChild }: { splitChild: boolean }): ServerBuild {
  return {
    entry: {
      module: {
        // Rendered whole, as entry.server.tsx renders production documents.
        default: (request, status, headers, context) =>
          new Promise<Response>((resolve, reject) => {
            const chunks: Buffer[] = [];
            const sink = new PassThrough();
            sink.on("data", (chunk: Buffer) => chunks.push(chunk));
            sink.on("end", () => {
              headers.set("Content-Type", "text/html; charset=utf-8");
              resolve(new Response(Buffer.concat(chunks).toString("utf8"), { status, headers }));
            });
            const { pipe } = renderToPipeableStream(
              <ServerRouter context={context} url={request.url} nonce={NONCE} />,
              { nonce: NONCE, onAllReady: () => pipe(sink), onShellError: reject },
            );
          }),
      },
    },
    routes: {
      root: {
        id: "root",
        path: "",
        module: {
          default: () => (
            <html lang="en">
              <head>
                <Links />
              </head>
              <body>
                <Outlet />
                <Scripts />
              </body>
            </html>
          ),
        },
      },
      page: {
        id: "page",
        parentId: "root",
        index: true,
        module: { default: () => <h1>Page</h1> },
      },
    },
    assets: {
      entry: { module: "/assets/entry.client.js", imports: ENTRY_IMPORTS },
      routes: {
        root: entryRoute("root", "/assets/root.js"),
        page: entryRoute(
          "page",
          "/assets/page.js",
          splitChild ? { hasClientLoader: true, clientLoaderModule: "/assets/page-loader.js" } : {},
        ),
      },
      url: "/assets/manifest.js",
      version: "1",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {
      v8_middleware: false,
      v8_passThroughRequests: true,
      v8_trailingSlashAwareDataRequests: true,
    },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as ServerBuild;
}

async function renderPage(options: { splitChild: boolean }): Promise<string> {
  const handler = createRequestHandler(serverBuild(options), "production");
  const response = await handler(new Request("http://localhost/"));
  return response.text();
}

function bootScriptOf(html: string): string {
  const match = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error("no module script in the document");
  return match[1]!;
}

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url)), "utf8");

const ADAPTER_OUT_OF_DATE =
  "React Router's boot module has changed: check the adapter in document.server.ts against " +
  "it, then capture the fixture again (docs/decisions/009-boot-script-adapter.md)";

describe("React Router's boot module", () => {
  it("is exactly the one the adapter was written for", async () => {
    expect(bootScriptOf(await renderPage({ splitChild: false })), ADAPTER_OUT_OF_DATE).toBe(
      fixture("boot-module.txt"),
    );
    expect(bootScriptOf(await renderPage({ splitChild: true })), ADAPTER_OUT_OF_DATE).toBe(
      fixture("boot-module-split-route.txt"),
    );
  });

  it("is read as its route imports and the rest", () => {
    expect(parseBootScript(fixture("boot-module.txt"))?.routeImports).toEqual([
      { name: "route0", url: "/assets/root.js" },
      { name: "route1", url: "/assets/page.js" },
    ]);
    const split = parseBootScript(fixture("boot-module-split-route.txt"));
    expect(split?.routeImports).toEqual([
      { name: "route0", url: "/assets/root.js" },
      { name: "route1_clientLoader", url: "/assets/page-loader.js" },
      { name: "route1_main", url: "/assets/page.js" },
    ]);
    expect(split?.rest).toMatch(/^const route1 = \{\.\.\.route1_clientLoader,\.\.\.route1_main\};/);
  });

  it("is left alone when it has a shape the adapter does not know", () => {
    const withRuntime = `import "/@vite/client";\n${fixture("boot-module.txt")}`;
    expect(parseBootScript(withRuntime)).toBeNull();
    const html = `<html><head></head><body><script type="module">${withRuntime}</script></body></html>`;
    expect(optimizeDocument(html, { nonce: NONCE, css: null, entryImports: ENTRY_IMPORTS })).toBe(
      html,
    );
  });
});

describe("optimizeDocument", () => {
  it("starts the scripts after the first paint and inlines the stylesheet", async () => {
    const rendered = await renderPage({ splitChild: true });
    expect(rendered).toContain('<link rel="modulepreload"');

    const html = optimizeDocument(rendered, {
      nonce: NONCE,
      css: "body{color:red}",
      entryImports: ENTRY_IMPORTS,
    });

    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain(`<style nonce="${NONCE}">body{color:red}</style></head>`);
    const boot = bootScriptOf(html);
    expect(boot).not.toMatch(/^import /m);
    expect(boot).toContain(`const route0 = await import("/assets/root.js");`);
    expect(boot).toContain(`const route1_main = await import("/assets/page.js");`);
    expect(boot).toContain(`window.__reactRouterRouteModules = {"root":route0,"page":route1};`);
    expect(boot.indexOf('await import("/assets/page-loader.js")')).toBeLessThan(
      boot.indexOf("const route1 = {"),
    );
    expect(boot.trimEnd().endsWith('import("/assets/entry.client.js");')).toBe(true);
  });

  it("fetches the entry module and the route modules' imports with the others, once each", () => {
    const boot = parseBootScript(fixture("boot-module-split-route.txt"))!;
    const script = deferBootScript(boot, ENTRY_IMPORTS, [
      "/assets/entry.client.js",
      "/assets/images.js",
      ENTRY_IMPORTS[0]!,
    ]);
    const preloaded = JSON.parse(
      /for \(const href of (\[[^\]]*\])\)/.exec(script)![1]!,
    ) as string[];
    expect(preloaded).toEqual(
      expect.arrayContaining(["/assets/entry.client.js", "/assets/images.js"]),
    );
    expect(new Set(preloaded).size).toBe(preloaded.length);
  });

  it("fetches the same modules from the head once the page has painted, before the stylesheet", async () => {
    const rendered = await renderPage({ splitChild: true });
    const html = optimizeDocument(rendered, {
      nonce: NONCE,
      css: "body{color:red}",
      entryImports: ENTRY_IMPORTS,
      preloads: ["/assets/entry.client.js"],
    });
    const boot = parseBootScript(fixture("boot-module-split-route.txt"))!;
    const modules = pageModules(boot, ENTRY_IMPORTS, ["/assets/entry.client.js"]);
    expect(modules).toEqual(
      expect.arrayContaining(["/assets/root.js", "/assets/page.js", "/assets/entry.client.js"]),
    );
    const early = `<script nonce="${NONCE}">${preloadAfterFirstPaint(modules)}</script>`;
    expect(html).toContain(`${early}<style nonce="${NONCE}">body{color:red}</style></head>`);
    expect(preloadAfterFirstPaint(modules)).toContain('getEntriesByName("first-contentful-paint")');
    expect(preloadAfterFirstPaint(modules)).toContain(JSON.stringify(modules));
    expect(() => new Function(preloadAfterFirstPaint(modules))).not.toThrow();
  });

  it("writes a module that parses", () => {
    const boot = parseBootScript(fixture("boot-module-split-route.txt"))!;
    const AsyncFunction = async function () {}.constructor as new (body: string) => unknown;
    expect(() => new AsyncFunction(deferBootScript(boot, ENTRY_IMPORTS))).not.toThrow();
  });

  it("closes the mobile menu on a followed link from the head, on pages that have it", () => {
    const page = (body: string) =>
      optimizeDocument(`<html><head></head><body>${body}</body></html>`, {
        nonce: NONCE,
        css: null,
        entryImports: [],
      });
    const script = `<script nonce="${NONCE}">${CLOSE_MENU_ON_FOLLOW}</script></head>`;
    expect(page('<div popover="auto" data-mobile-menu="true"></div>')).toContain(script);
    expect(page("<main></main>")).not.toContain(CLOSE_MENU_ON_FOLLOW);
    expect(() => new Function(CLOSE_MENU_ON_FOLLOW)).not.toThrow();
  });

  it("draws each icon's shapes in place of its reference to the sprite", () => {
    const sprite = readFileSync(
      fileURLToPath(new URL(`../../../public${ICON_SPRITE_URL}`, import.meta.url)),
      "utf8",
    );
    const shapes = iconShapesOf(sprite);
    expect([...shapes.keys()].sort()).toEqual([...ICON_NAMES].sort());
    const icons = renderToStaticMarkup(
      <p>
        <Icon name="phone" />
        <Icon name="star" className="size-4" />
      </p>,
    );
    const html = `<html><head></head><body>${icons}</body></html>`;
    const out = optimizeDocument(html, { css: null, entryImports: [], iconShapes: shapes });
    expect(out).not.toContain("<use");
    expect(out).toContain(`class="size-4">${shapes.get("star")}</svg>`);
    expect(out).toContain(`${shapes.get("phone")}</svg>`);
    // Without the shapes (the built sprite could not be read), the sprite still draws them.
    expect(optimizeDocument(html, { css: null, entryImports: [] })).toContain(
      `<use href="${ICON_SPRITE_URL}#star"></use>`,
    );
  });

  it("keeps a reference to an icon the sprite does not hold", () => {
    const html = `<html><head></head><body><svg><use href="/media/icons-0123abcd.svg#gone"></use></svg></body></html>`;
    const out = optimizeDocument(html, {
      css: null,
      entryImports: [],
      iconShapes: new Map([["star", "<path/>"]]),
    });
    expect(out).toContain(`<use href="/media/icons-0123abcd.svg#gone"></use>`);
  });

  it("keeps a stylesheet from closing its own style element", () => {
    const html = optimizeDocument("<html><head></head><body></body></html>", {
      nonce: NONCE,
      css: "a::after{content:'</style>'}",
      entryImports: [],
    });
    expect(html).toContain("content:'<\\/style>'");
  });
});
