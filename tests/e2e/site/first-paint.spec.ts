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
