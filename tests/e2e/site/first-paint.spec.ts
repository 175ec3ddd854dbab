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
