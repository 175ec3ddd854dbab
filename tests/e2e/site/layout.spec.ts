import { clickAtFootOfPage, expect, isMobile, test } from "../support/fixtures";

const EXTERNAL_LINKS = ["Get Pre-Approved For Financing", "Make Payments", "Leave us a Review"];

test.describe("shared layout", () => {
  test("header navigation and the Get a Quote anchor", async ({ page }) => {
    await page.goto("/");
    const nav = isMobile(page)
      ? page.getByRole("navigation", { name: "Mobile" })
      : page.getByRole("navigation", { name: "Main" });
    if (isMobile(page)) await page.getByRole("button", { name: "Open menu" }).click();
    for (const [name, href] of [
      ["Home", "/"],
      ["Bathrooms", "/bathrooms"],
      ["Commercial", "/commercial-jobs"],
      ["Reviews", "/reviews"],
      ["About Us", "/about-us"],
      ["Get a Quote", "#contact"],
    ] as const) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
  });

  test("top bar on desktop only, with the phone and three external links", async ({ page }) => {
    await page.goto("/");
    const topBar = page.getByTestId("top-bar");
    if (isMobile(page)) {
      await expect(topBar).toBeHidden();
      return;
    }
    await expect(topBar).toBeVisible();
    await expect(topBar.getByRole("link", { name: "(617) 555-0142" })).toHaveAttribute(
      "href",
      "tel:+16175550142",
    );
    for (const name of EXTERNAL_LINKS) {
      await expect(topBar.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute(
        "target",
        "_blank",
      );
    }
  });

  test("footer links, copyright year and back to top", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
    await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
      "href",
      "/terms",
    );
    await expect(footer.getByRole("link", { name: /^Facebook/ })).toHaveAttribute(
      "href",
      /^https:/,
    );
    await expect(footer.getByRole("link", { name: /^Instagram/ })).toHaveAttribute(
      "href",
      /^https:/,
    );
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Lumen Bath & Remodel`);

    await footer.getByRole("link", { name: "Back to top" }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("the Terms of Service page is real", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the page scrolls to the top on every route change", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.locator("main")).toBeFocused();
  });

  test("Get a Quote brings the form into view at the first click, from far above it", async ({
    page,
  }) => {
    // The blocks between the top and the form are laid out only when near the screen
    // (content-visibility), so the browser once scrolled by their stand-in heights and
    // stopped thousands of pixels short of the form, or past it.
    await page.goto("/bathrooms");
    const quote = page.getByRole("banner").getByRole("link", { name: "Get a Quote" });
    await quote.filter({ visible: true }).first().click();
    await expect(page).toHaveURL(/\/bathrooms#contact$/);
    await expect(page.getByRole("heading", { name: "Get In Touch" })).toBeInViewport();
  });

  test("without the contact section, Get a Quote goes to a form that is there", async ({
    page,
  }) => {
    const quote = page.getByRole("banner").getByRole("link", { name: "Get a Quote" });
    await page.goto("/tv");
    await expect(quote.first()).toHaveAttribute("href", "#tv-request");
    await page.goto("/thank-you");
    await expect(quote.first()).toHaveAttribute("href", "/#contact");
  });

  test("the contact section is on every page but /tv and /thank-you", async ({ page }) => {
    for (const path of ["/", "/bathrooms", "/privacy-policy", "/giveaway", "/giveaway/rules"]) {
      await page.goto(path);
      await expect(page.locator("#contact")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Get In Touch" })).toBeVisible();
    }
    for (const path of ["/tv", "/thank-you"]) {
      await page.goto(path);
      await expect(page.locator("#contact")).toHaveCount(0);
    }
  });

  test("privacy controls: analytics switch, bot detection always on, policy link", async ({
    page,
  }) => {
    await page.goto("/");
    await clickAtFootOfPage(page.getByRole("button", { name: "Privacy controls" }));
    const panel = page.getByRole("dialog", { name: "Privacy controls" });
    await expect(panel).toBeVisible();
    const analytics = panel.getByRole("switch", { name: "Analytics" });
    await expect(analytics).toHaveAttribute("aria-checked", "true");
    await analytics.click();
    await expect(analytics).toHaveAttribute("aria-checked", "false");
    await expect(panel.getByText("Always on")).toBeVisible();
    await expect(panel.getByRole("link", { name: "privacy policy" })).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
    await page.reload();
    await clickAtFootOfPage(page.getByRole("button", { name: "Privacy controls" }));
    await expect(
      page.getByRole("dialog", { name: "Privacy controls" }).getByRole("switch"),
    ).toHaveAttribute("aria-checked", "false");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Privacy controls" })).toBeHidden();
    // Closed from inside, focus goes back to the button, not to the top of the page.
    await expect(page.getByRole("button", { name: "Privacy controls" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Close privacy controls" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Privacy controls" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Privacy controls" })).toBeFocused();
  });
});

test.describe("mobile menu", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 1280) >= 1024, "phones and tablets only");

  test("opens as an overlay 112 px from the top with the call and external links", async ({
    page,
  }) => {
    await page.goto("/");
    const menu = page.getByTestId("mobile-menu");
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box?.y).toBe(112);
    expect(box?.width).toBe(page.viewportSize()?.width);
    await expect(menu.getByRole("link", { name: "Call Us Now" })).toHaveAttribute(
      "href",
      "tel:+16175550142",
    );
    for (const name of EXTERNAL_LINKS) {
      await expect(menu.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
  });

  test("closes when an item is clicked", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByTestId("mobile-menu").getByRole("link", { name: "Bathrooms" }).click();
    await expect(page).toHaveURL(/\/bathrooms$/);
    await expect(page.getByTestId("mobile-menu")).toBeHidden();
  });

  test("keeps focus inside while open and closes on Escape", async ({ page }) => {
    await page.goto("/");
    const button = page.getByRole("button", { name: "Open menu" });
    await button.click();
    const menu = page.getByTestId("mobile-menu");
    await expect(menu.getByRole("link", { name: "Home" })).toBeFocused();
    const links = await menu.locator("a[href]").count();
    for (let i = 0; i < links + 2; i++) {
      await page.keyboard.press("Tab");
      const inside = await page.evaluate(() => {
        const active = document.activeElement;
        return (
          !!active?.closest("[data-testid=mobile-menu]") ||
          active?.getAttribute("aria-controls") ===
            document.querySelector("[data-testid=mobile-menu]")?.id
        );
      });
      expect(inside).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });
});
