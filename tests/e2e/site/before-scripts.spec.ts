import { clickAtFootOfPage, expect, isMobile, test } from "../support/fixtures";

// Pages start their scripts after the first paint (docs/decisions/004); until then the
// menu, the privacy controls, the phone links and the form must already work
// (docs/decisions/016-usable-before-scripts.md). Every script is held back for 3 s, and for
// as long as the visitor below is still busy, so the whole visit happens before hydration.
const SCRIPT_DELAY_MS = 3_000;
/** What the privacy controls say instead of their switch when scripts are turned off. */
const NO_SCRIPT_ANALYTICS = /^Analytics: off\. They need JavaScript/;

test("the menu, the privacy controls and the form work before the scripts start", async ({
  page,
  baseURL,
}) => {
  let visitDone!: () => void;
  const visit = new Promise<void>((resolve) => (visitDone = resolve));
  const delay = new Promise<void>((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
  await page.route("**/assets/*.js", async (route) => {
    await Promise.all([delay, visit]);
    await route.continue();
  });
  // The frame's own navigation: the fixture's page.goto would wait for hydration.
  await page.mainFrame().goto(`${baseURL}/`, { waitUntil: "domcontentloaded" });
  const html = page.locator("html");

  // A phone link is a plain tel: link.
  await expect(page.getByRole("link", { name: /^Call \(617\) 555-0142$/ }).first()).toHaveAttribute(
    "href",
    "tel:+16175550142",
  );

  if (isMobile(page)) {
    const menu = page.getByTestId("mobile-menu");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Home" })).toBeFocused();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    // Get a Quote leads to a place on this page: the menu closes instead of covering it.
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Get a Quote" }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#contact$/);
    await expect(page.getByRole("heading", { name: "Get In Touch" })).toBeInViewport();
    await expect(page.locator("body")).not.toHaveCSS("overflow", "hidden");
  }

  const privacyButton = page.getByRole("button", { name: "Privacy controls", exact: true });
  await clickAtFootOfPage(privacyButton);
  const privacy = page.getByRole("dialog", { name: "Privacy controls" });
  await expect(privacy).toBeVisible();
  await expect(privacy.getByRole("switch", { name: "Analytics" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await expect(privacy.getByText(NO_SCRIPT_ANALYTICS)).toBeHidden();
  await privacy.getByRole("button", { name: "Close privacy controls" }).click();
  await expect(privacy).toBeHidden();

  // A field filled wrongly and left: nothing can check it yet.
  const form = page.getByRole("form", { name: "Request a Consultation" });
  const email = form.getByRole("textbox", { name: "E-mail" });
  await email.fill("not-an-email");
  await form.getByRole("textbox", { name: "Phone" }).focus();
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
  await expect(html).not.toHaveAttribute("data-hydrated");
  visitDone();

  // Once the page is hydrated and the form's rules loaded, the field is checked.
  await expect(html).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
  await expect(email).toHaveValue("not-an-email");
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  // The field the visitor is still in shows nothing yet.
  await expect(form.getByRole("textbox", { name: "Phone" })).not.toHaveAttribute(
    "aria-invalid",
    "true",
  );
});

test("a choice made while the page hydrates is kept", async ({ page, baseURL }) => {
  let visitReady!: () => void;
  const ready = new Promise<void>((resolve) => (visitReady = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await ready;
    await route.continue();
  });
  await page.mainFrame().goto(`${baseURL}/`, { waitUntil: "domcontentloaded" });
  const form = page.locator("#contact").getByRole("form", { name: "Request a Consultation" });
  const source = form.getByRole("combobox", { name: "How did you hear about us?", exact: true });
  // The visitor is at the form before the scripts run, so it is laid out and on screen.
  await source.scrollIntoViewIfNeeded();
  // Hydration runs in slices between the visitor's events; a slower CPU makes it long
  // enough to choose in the middle of it, as on a phone.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const choice = page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        // React marks the document the moment hydration starts; it has not yet reached the
        // form when this task runs, since it yields to the browser between slices.
        const started = () => Object.keys(document).some((key) => key.startsWith("__react"));
        const poll = () => {
          if (!started()) return void setTimeout(poll, 0);
          if (document.documentElement.dataset.hydrated) return resolve("already hydrated");
          const select = document.querySelector<HTMLSelectElement>("#contact select[name=source]")!;
          select.value = "Referral";
          select.dispatchEvent(new Event("input", { bubbles: true }));
          select.dispatchEvent(new Event("change", { bubbles: true }));
          resolve("chosen while hydrating");
        };
        poll();
      }),
  );
  visitReady();
  expect(await choice).toBe("chosen while hydrating");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });

  await expect(source).toHaveValue("Referral");
  await expect(
    form.getByRole("textbox", { name: "Who referred you? (First and Last Name)", exact: true }),
  ).toBeVisible();
  await expect(form).toHaveAttribute("data-source", "Referral");
});

test.describe("with JavaScript turned off", () => {
  test.use({ javaScriptEnabled: false });

  test("the privacy controls say analytics are off instead of showing a switch that could do nothing", async ({
    page,
    baseURL,
  }) => {
    // The frame's own navigation: the fixture's page.goto would wait for hydration.
    await page.mainFrame().goto(`${baseURL}/`);
    await clickAtFootOfPage(page.getByRole("button", { name: "Privacy controls", exact: true }));
    const privacy = page.getByRole("dialog", { name: "Privacy controls" });
    await expect(privacy).toBeVisible();
    await expect(privacy.getByText(NO_SCRIPT_ANALYTICS)).toBeVisible();
    await expect(privacy.getByRole("switch", { name: "Analytics" })).toHaveCount(0);
    await expect(privacy.getByText("Always on")).toBeVisible();
  });
});
