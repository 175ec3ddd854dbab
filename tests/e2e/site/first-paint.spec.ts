import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { navigateInApp } from "../support/client-navigation";
import { expect, test } from "../support/fixtures";

// The production document paints before its scripts start (docs/decisions/004 and 009).
test("pages inline their stylesheet and start their scripts after the first paint", async ({
  request,
  page,
}) => {
  const html = await (await request.get("/bathrooms")).text();
  expect(html).toMatch(/<style>[^<]{1000,}/);
  expect(html).not.toContain('rel="stylesheet"');
  expect(html).not.toContain('<link rel="modulepreload"');
  const boot = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  expect(boot).not.toMatch(/^import /m);
  expect(boot).toMatch(/const route0 = await import\("\/assets\/root-[^"]+\.js"\)/);
  expect(boot).toContain("window.__reactRouterRouteModules");

  // The deferred boot module still hydrates the page.
  await page.goto("/bathrooms");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
});

// The page's modules download while the rest of the document is still on its way or being
// parsed, never before the first paint (docs/decisions/016): the head's script asks for them
// once the page has painted its first content. A local proxy holds the home page's
// document back after the hero for two seconds, the way a phone's network or CPU does.
test("the page's modules are fetched after the first paint, while the document is parsed", async ({
  page,
}) => {
  const upstream = process.env.E2E_BASE_URL ?? "";
  const HOLD_MS = 2000;
  const proxy = createServer((request, response) => {
    void (async () => {
      const body = ["GET", "HEAD"].includes(request.method ?? "GET")
        ? undefined
        : await new Promise<Blob>((resolve) => {
            const chunks: Buffer[] = [];
            request.on("data", (chunk: Buffer) => chunks.push(chunk));
            request.on("end", () =>
              resolve(new Blob(chunks.map((chunk) => new Uint8Array(chunk)))),
            );
          });
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string" && !["host", "accept-encoding"].includes(name)) {
          headers.set(name, value);
        }
      }
      const answer = await fetch(`${upstream}${request.url}`, {
        method: request.method,
        headers,
        body,
        redirect: "manual",
      });
      const sent: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!["content-encoding", "content-length", "transfer-encoding"].includes(name)) {
          sent[name] = value;
        }
      });
      response.writeHead(answer.status, sent);
      const bytes = Buffer.from(await answer.arrayBuffer());
      const split = bytes.indexOf('id="services-heading"');
      if (request.url !== "/" || split < 0) return response.end(bytes);
      response.write(bytes.subarray(0, split));
      setTimeout(() => response.end(bytes.subarray(split)), HOLD_MS);
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = proxy.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    const timing = await page.evaluate(() => ({
      firstContentfulPaint:
        performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      parsed: performance.getEntriesByType("navigation")[0]!.toJSON().domInteractive as number,
      modules: performance
        .getEntriesByType("resource")
        .filter((entry) => /^\/assets\/.+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    }));
    const firstModule = Math.min(...timing.modules);
    expect(timing.modules.length, JSON.stringify(timing)).toBeGreaterThan(3);
    expect(firstModule, JSON.stringify(timing)).toBeGreaterThanOrEqual(timing.firstContentfulPaint);
    expect(firstModule, JSON.stringify(timing)).toBeLessThan(timing.parsed);
  } finally {
    await new Promise((resolve) => proxy.close(resolve));
  }
});

// Content React hydrates later (HydrateLater) is still painted with the rest: written in
// place, not held in a hidden element for a script to reveal after the first paint.
test("the home page's sections below the hero are in place in the HTML", async ({ request }) => {
  const html = await (await request.get("/")).text();
  expect(html).not.toMatch(/<template id="B:/);
  expect(html).not.toMatch(/<div hidden id="S:/);
  expect(html).not.toContain("$RC(");
  const services = html.indexOf('id="services-heading"');
  const contact = html.indexOf('id="contact-heading"');
  expect(services).toBeGreaterThan(0);
  // In reading order: the sections under the hero come before the contact section.
  expect(services).toBeLessThan(contact);
});

// Icons are drawn in the page on the server, so a first visit neither waits for the sprite
// nor builds a document of its own for it; pages rendered in the browser after a link is
// followed draw theirs from the sprite (docs/decisions/005).
test("icons are drawn in the page, kept by hydration, and drawn from the sprite after a link", async ({
  page,
}) => {
  const spriteRequests: string[] = [];
  page.on("request", (request) => {
    if (/\/media\/icons-[0-9a-f]+\.svg/.test(request.url())) spriteRequests.push(request.url());
  });
  await page.goto("/");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  // The first icon on screen: shapes, drawn.
  const firstIcon = page.locator('svg[viewBox="0 0 24 24"][stroke="currentColor"]:visible').first();
  await expect(firstIcon.locator("path").first()).toBeAttached();
  expect(await firstIcon.locator("use").count()).toBe(0);
  const drawn = await firstIcon.evaluate((svg) => (svg as SVGSVGElement).getBBox().width);
  expect(drawn).toBeGreaterThan(0);
  await page.waitForLoadState("networkidle");
  expect(await page.locator("svg use").count()).toBe(0);
  expect(spriteRequests).toEqual([]);

  // A page rendered in the browser: its icons come from the sprite, and they draw.
  await navigateInApp(page, "/reviews", (url) => url.pathname === "/reviews");
  const fromSprite = page.locator("main svg use").first();
  await expect(fromSprite).toBeAttached();
  await expect
    .poll(() => fromSprite.evaluate((use) => (use as SVGUseElement).getBBox().width))
    .toBeGreaterThan(0);
  expect(spriteRequests.length).toBeGreaterThan(0);
});
