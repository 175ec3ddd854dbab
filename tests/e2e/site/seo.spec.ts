import { createHash } from "node:crypto";
import { NAMED_PAGES } from "../../../app/modules/seo/named-pages";
import { ALL_PUBLIC_PAGES } from "../../../app/modules/seo/public-routes";
import { expect, test } from "../support/fixtures";

test("HTML answers carry the security headers; scripts run by their hashes, the same for every visitor", async ({
  request,
  page,
}) => {
  const first = await request.get("/");
  const second = await request.get("/");
  const csp = first.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(csp).not.toContain("nonce");
  expect(csp).toContain("frame-ancestors 'none'");
  // A shared page: the same bytes and the same policy for every visitor.
  expect(second.headers()["content-security-policy"]).toBe(csp);
  const html = await first.text();
  expect(await second.text()).toBe(html);
  // Every inline script is allowed by its hash; none carries a nonce.
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes]) => !/application\/(ld\+)?json/.test(attributes!),
  );
  expect(inline.length).toBeGreaterThan(0);
  for (const [, attributes, body] of inline) {
    expect(attributes).not.toContain("nonce");
    const hash = createHash("sha256").update(body!, "utf8").digest("base64");
    expect(csp).toContain(`'sha256-${hash}'`);
  }
  expect(first.headers()).toMatchObject({
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
  });
  expect(first.headers()["permissions-policy"]).toContain("camera=()");
  // Plain http here, so no HSTS.
  expect(first.headers()["strict-transport-security"]).toBeUndefined();

  const notFound = await request.get("/missing-page");
  expect(notFound.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);

  // Every script on the page runs under the policy: the page hydrates and works.
  await page.goto("/");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await page.getByRole("button", { name: "Privacy controls" }).click();
  await expect(page.getByRole("dialog", { name: "Privacy controls" })).toBeVisible();
});

test("hashed assets are cached for a year and served precompressed", async ({ request }) => {
  const page = await (await request.get("/")).text();
  const script = /"(\/assets\/framework-[^"]+\.js)"/.exec(page)?.[1];
  expect(script).toBeTruthy();
  const brotli = await request.get(script!, { headers: { "Accept-Encoding": "br" } });
  expect(brotli.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(brotli.headers()["content-encoding"]).toBe("br");
  const gzip = await request.get(script!, { headers: { "Accept-Encoding": "gzip" } });
  expect(gzip.headers()["content-encoding"]).toBe("gzip");
  const html = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
  expect(html.headers()["content-encoding"]).toBe("gzip");
});

test("sitemap.xml lists the public pages and robots.txt points to it", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(locs).toEqual(
    expect.arrayContaining(["/", "/bathrooms", "/commercial-jobs", "/about-us", "/reviews"]),
  );
  expect(locs).not.toContain("/thank-you");
  for (const path of locs) {
    expect((await request.get(path)).status(), path).toBe(200);
  }

  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain("User-agent: *");
  expect(text).toContain("Disallow: /admin");
  expect(text).toMatch(/^Sitemap: http:\/\/localhost:\d+\/sitemap\.xml$/m);
});

test("JSON-LD describes the business exactly as its settings say", async ({ page }) => {
  await page.goto("/");
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const business = blocks
    .map((raw) => JSON.parse(raw) as Record<string, unknown>)
    .find((data) => data["@type"] === "HomeAndConstructionBusiness" && "address" in data);
  expect(business).toMatchObject({
    "@context": "https://schema.org",
    "@type": "HomeAndConstructionBusiness",
    name: "Lumen Bath & Remodel",
    telephone: "(617) 555-0142",
    priceRange: "$$",
    address: {
      "@type": "PostalAddress",
      streetAddress: "1200 Hancock Street, Suite 100",
      addressLocality: "Quincy",
      addressRegion: "MA",
      postalCode: "02169",
    },
    aggregateRating: { "@type": "AggregateRating", ratingValue: 4.9, reviewCount: 1250 },
    areaServed: {
      "@type": "GeoCircle",
      geoMidpoint: { "@type": "GeoCoordinates", latitude: 42.3601, longitude: -71.0589 },
      geoRadius: 300000,
    },
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "08:00",
        closes: "20:00",
      },
      { dayOfWeek: ["Saturday"], opens: "10:00", closes: "18:00" },
      { dayOfWeek: ["Sunday"], opens: "12:00", closes: "17:00" },
    ],
  });
});

test("each named page has its own title, description, keywords and social image (R2.2)", async ({
  page,
}) => {
  // The named pages this build serves (each is listed in public-routes.ts once it exists).
  const named = Object.entries(NAMED_PAGES).filter(([path]) => ALL_PUBLIC_PAGES.includes(path));
  expect(named.map(([path]) => path)).toEqual(
    expect.arrayContaining(["/", "/bathrooms", "/commercial-jobs", "/about-us", "/reviews"]),
  );
  expect(named.map(([path]) => path)).toContain("/leave-review");
  for (const [path, seo] of named) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${seo.title} | Lumen Bath & Remodel`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      seo.description,
    );
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute(
      "content",
      seo.keywords.join(", "),
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new RegExp(`^http://localhost:\\d+${seo.image.replace(/\./g, "\\.")}$`),
    );
    expect((await page.request.get(seo.image)).headers()["content-type"]).toBe("image/png");
  }
});

test("every page has a title, description, canonical URL and social image", async ({ page }) => {
  for (const path of ["/", "/bathrooms", "/about-us"]) {
    await page.goto(path);
    await expect(page).toHaveTitle(/\| Lumen Bath & Remodel$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`^http://localhost:\\d+${path === "/" ? "/$" : `${path}$`}`),
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /^http.+\.png$/,
    );
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
      "content",
      "summary_large_image",
    );
  }
});
