import { expect, randomTestAddress, test } from "../support/fixtures";
import { contactForm, deliveredLead, fillLeadForm, uniqueEmail, waitForFillTime } from "./support";

test.describe("the consultation form", () => {
  test("with JavaScript: a lead reaches /thank-you and is stored with its UTM parameters and affiliate code", async ({
    page,
  }) => {
    const email = uniqueEmail("js");
    await page.goto(
      "/bathrooms?utm_source=google&utm_medium=cpc&utm_campaign=spring-spa&gclid=G-123&aff=abc_123",
    );
    const form = contactForm(page);
    await form.scrollIntoViewIfNeeded();
    // utm_source=google maps to the Google option.
    await expect(
      form.getByRole("combobox", { name: "How did you hear about us?", exact: true }),
    ).toHaveValue("Google");
    await fillLeadForm(form, {
      firstName: "Avery",
      lastName: "Jsfield",
      email,
      phone: "(617) 555-0188",
    });
    // Once the script runs, the form names its answers for the follow-up questions' CSS.
    await expect(form).toHaveAttribute("data-project-type", "Home");
    await expect(form).toHaveAttribute("data-source", "Google");
    await waitForFillTime(form);
    await form.getByRole("button", { name: "Request My Free Consultation" }).click();

    await expect(page).toHaveURL(/\/thank-you\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get("firstName")).toBe("Avery");
    expect(url.searchParams.get("source")).toBe("Google");
    // E-mail address and phone number never go into a URL.
    expect(url.search).not.toContain("example.com");
    expect(url.search).not.toMatch(/555|0188/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Avery");

    const delivery = await deliveredLead(email);
    expect(delivery.signatureValid).toBe(true);
    expect(delivery.body).toMatchObject({
      firstName: "Avery",
      lastName: "Jsfield",
      email,
      phone: "+16175550188",
      service: "Bathroom Remodeling",
      projectType: "Home",
      source: "Google",
      agreeToContact: true,
      agreeToAllPresent: true,
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "spring-spa",
      gclid: "G-123",
      affiliate_code: "abc_123",
    });
    expect(delivery.body.leadId).toEqual(expect.any(String));
    expect(delivery.idempotencyKey).toEqual(expect.any(String));
  });

  test("without JavaScript: the same lead reaches /thank-you and is stored with its attribution", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": randomTestAddress() },
    });
    const page = await context.newPage();
    const email = uniqueEmail("nojs");
    await page.goto("/?utm_source=facebook&utm_medium=social&utm_campaign=no-script&aff=partner_9");
    // A second page: the server remembers the landing (lm_visitor and lm_affiliate cookies).
    await page.goto("/about-us");
    const form = contactForm(page);
    await fillLeadForm(form, {
      firstName: "Blake",
      lastName: "Noscript",
      email,
      phone: "+1 617 555 0199",
      source: "Facebook",
    });
    // Without the script the follow-up questions follow the visitor's clicks through :has().
    await expect(form).not.toHaveAttribute("data-project-type");
    await waitForFillTime(form);
    await form.getByRole("button", { name: "Request My Free Consultation" }).click();

    await expect(page).toHaveURL(/\/thank-you\?/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Blake");
    const delivery = await deliveredLead(email);
    expect(delivery.body).toMatchObject({
      firstName: "Blake",
      phone: "+16175550199",
      source: "Facebook",
      utm_source: "facebook",
      utm_medium: "social",
      utm_campaign: "no-script",
      affiliate_code: "partner_9",
    });
    await context.close();
  });

  test("an invalid phone shows its message and keeps the visitor on the form", async ({ page }) => {
    await page.goto("/reviews");
    const form = contactForm(page);
    await form.scrollIntoViewIfNeeded();
    const phone = form.getByRole("textbox", { name: "Phone", exact: true });
    await phone.fill("617555");
    await phone.blur();
    await expect(form.getByText("Phone number must be at least 10 digits")).toBeVisible();
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    // Typing past ten digits is cut off, and said.
    await phone.fill("61755501234");
    await expect(phone).toHaveValue("6175550123");
    await expect(form.getByText("Phone number cannot exceed 10 digits")).toBeVisible();

    await phone.fill("1 617 555");
    await form.getByRole("textbox", { name: "E-mail", exact: true }).fill("not-an-address");
    await form.getByRole("button", { name: "Request My Free Consultation" }).click();
    await expect(page).toHaveURL(/\/reviews$/);
    await expect(form.getByRole("alert")).toContainText("Please check the highlighted fields.");
    await expect(
      form.getByText("Phone number must be at least 10 digits after the 1").first(),
    ).toBeVisible();
    await expect(form.getByText("Please enter a valid email address").first()).toBeVisible();
    // What was typed stays.
    await expect(form.getByRole("textbox", { name: "E-mail", exact: true })).toHaveValue(
      "not-an-address",
    );
  });

  test("a click on a choice right after a field with a mistake still picks it", async ({
    page,
  }) => {
    // The message the field shows on leaving it moves what is below it: it waits until the
    // click has landed, or the click lands beside the choice and nothing is picked.
    await page.goto("/commercial-jobs");
    const form = contactForm(page);
    await form.scrollIntoViewIfNeeded();
    await form.getByRole("textbox", { name: "Phone", exact: true }).fill("(617) 555-01");
    const rental = form.getByRole("radio", { name: /Renting unit/ });
    await rental.click();
    await expect(rental).toBeChecked();
    await expect(form.getByText("Phone number must be at least 10 digits")).toBeVisible();
  });

  test("without JavaScript, the server answers with the same messages and keeps what was typed", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": randomTestAddress() },
    });
    const page = await context.newPage();
    await page.goto("/commercial-jobs");
    const form = contactForm(page);
    await form.getByRole("textbox", { name: "First name", exact: true }).fill("Casey");
    await form.getByRole("textbox", { name: "Phone", exact: true }).fill("555-0123");
    await form.getByRole("textbox", { name: "E-mail", exact: true }).fill("casey@");
    await waitForFillTime(form);
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith("/api/leads")),
      form.getByRole("button", { name: "Request My Free Consultation" }).click(),
    ]);
    expect(response.status()).toBe(422);
    const again = page.getByRole("form", { name: "Request a Consultation" });
    // Each message sits beside its field, as its description.
    await expect(
      again.getByRole("textbox", { name: "Phone", exact: true }),
    ).toHaveAccessibleDescription(/Phone number must be at least 10 digits/);
    await expect(
      again.getByRole("textbox", { name: "E-mail", exact: true }),
    ).toHaveAccessibleDescription("Please enter a valid email address");
    await expect(
      again.getByRole("textbox", { name: "Last name", exact: true }),
    ).toHaveAccessibleDescription("Please enter your last name");
    await expect(again.getByRole("alert")).toContainText("Please check the highlighted fields.");
    await expect(again.getByRole("textbox", { name: "First name", exact: true })).toHaveValue(
      "Casey",
    );
    await expect(again.getByRole("textbox", { name: "Phone", exact: true })).toHaveValue(
      "555-0123",
    );
    // Sent again from /api/leads, the lead still says which page the visitor asked from.
    await expect(again.locator("input[name=pagePath]")).toHaveValue("/commercial-jobs");
    await context.close();
  });

  test("?source=quincy-showroom-fall pre-fills Quincy Showroom", async ({ page }) => {
    await page.goto("/?source=quincy-showroom-fall");
    await expect(
      contactForm(page).getByRole("combobox", { name: "How did you hear about us?", exact: true }),
    ).toHaveValue("Quincy Showroom");
  });

  test("an unknown ?source= becomes Other with the text kept", async ({ page }) => {
    await page.goto("/about-us?source=home-show-2026");
    const form = contactForm(page);
    await expect(
      form.getByRole("combobox", { name: "How did you hear about us?", exact: true }),
    ).toHaveValue("Other");
    await expect(
      form.getByRole("textbox", { name: "Where did you hear about us?", exact: true }),
    ).toHaveValue("home-show-2026");
  });

  test("Referral asks who referred you", async ({ page }) => {
    await page.goto("/");
    const form = contactForm(page);
    const who = form.getByRole("textbox", {
      name: "Who referred you? (First and Last Name)",
      exact: true,
    });
    await expect(who).toBeHidden();
    const source = form.getByRole("combobox", { name: "How did you hear about us?", exact: true });
    // A visitor has the question on screen when they answer it (selectOption does not scroll).
    await source.scrollIntoViewIfNeeded();
    await source.selectOption("Referral");
    await expect(who).toBeVisible();
    await source.selectOption("Dana Whitfield");
    await expect(who).toBeHidden();
  });

  test("the TV landing page has its own form with TV pre-selected", async ({ page }) => {
    await page.goto("/tv");
    await expect(page.locator("#contact")).toHaveCount(0);
    const form = page.getByRole("form", { name: "Request a Consultation" });
    await expect(
      form.getByRole("combobox", { name: "How did you hear about us?", exact: true }),
    ).toHaveValue("TV");
  });

  test("the contact section lists the business hours", async ({ page }) => {
    await page.goto("/");
    const contact = page.locator("#contact");
    await expect(contact.getByRole("heading", { name: "Get In Touch" })).toBeVisible();
    for (const line of [
      "Mon-Fri 8:00 AM-8:00 PM",
      "Sat 10:00 AM-6:00 PM",
      "Sun 12:00 PM-5:00 PM",
    ]) {
      await expect(contact.getByText(line)).toBeVisible();
    }
    await expect(contact.getByRole("link", { name: /Call Now/ })).toHaveAttribute(
      "href",
      "tel:+16175550142",
    );
  });
});

test.describe("affiliate referral", () => {
  test("?aff=abc_123 sets lm_affiliate: 90 days, SameSite Strict, Secure on localhost, path /", async ({
    page,
    context,
  }) => {
    const response = await page.goto("/?aff=abc_123");
    const header = (await response?.headerValue("set-cookie")) ?? "";
    expect(header).toContain("lm_affiliate=abc_123");
    expect(header).toMatch(/SameSite=Strict/i);
    expect(header).toMatch(/Secure/i);
    expect(header).toMatch(/Max-Age=7776000/);

    const cookie = (await context.cookies()).find((entry) => entry.name === "lm_affiliate");
    expect(cookie).toMatchObject({ value: "abc_123", path: "/", sameSite: "Strict", secure: true });
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
    // The browser keeps an encoded copy for when the cookie is gone.
    const copy = await page.evaluate(() => localStorage.getItem("lumen_affiliate"));
    expect(JSON.parse(atob(copy!))).toMatchObject({ code: "abc_123" });
  });

  test("an invalid code is not stored", async ({ page, context }) => {
    const response = await page.goto("/?aff=not%20valid!");
    expect((await response?.headerValue("set-cookie")) ?? "").not.toContain("lm_affiliate");
    expect((await context.cookies()).some((entry) => entry.name === "lm_affiliate")).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem("lumen_affiliate"))).toBeNull();
  });

  test("the browser restores the code from its local copy when the cookie is gone", async ({
    page,
    context,
  }) => {
    await page.goto("/?aff=restore_me");
    await context.clearCookies({ name: "lm_affiliate" });
    await page.goto("/bathrooms");
    const cookie = (await context.cookies()).find((entry) => entry.name === "lm_affiliate");
    expect(cookie?.value).toBe("restore_me");
  });
});
