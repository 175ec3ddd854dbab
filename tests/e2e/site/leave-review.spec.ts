import type { Locator, Page } from "@playwright/test";
import { expect, randomTestAddress, test } from "../support/fixtures";
import { waitForFillTime } from "../leads/support";
import { expectNoViolations } from "../support/axe";
import { e2eAdmin, startSignedIn } from "../support/staff";

/** Leaving a review on /leave-review (docs/REQUIREMENTS.md R15.1), with and without scripts. */

const reviewForm = (page: Page) => page.getByRole("form", { name: "Your review" });

async function fillReview(
  form: Locator,
  review: { stars: string; text: string; name: string; town: string; phone?: string },
) {
  await form.getByRole("radio", { name: review.stars }).check();
  await form.getByRole("textbox", { name: "Your review" }).fill(review.text);
  await form.getByRole("textbox", { name: "Your name as it should appear" }).fill(review.name);
  await form.getByRole("textbox", { name: "Town" }).fill(review.town);
  await form.getByRole("radio", { name: "Home", exact: true }).check();
  if (review.phone) await form.getByRole("textbox", { name: "Phone" }).fill(review.phone);
  await form.getByRole("checkbox", { name: /may be published/ }).check();
}

test("a five-star review is invited to the public review page and waits for moderation (R15.1)", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const text = `The curbless shower is perfect and the crew left it spotless. (${Date.now()})`;
  await page.goto("/leave-review?utm_source=newsletter&utm_campaign=after-project");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leave a review");
  const form = reviewForm(page);
  // The rules run in the browser as the visitor goes, and before anything is sent.
  await form.getByRole("textbox", { name: "Town" }).click();
  await page.keyboard.press("Tab");
  await expect(form.getByText("Please enter your town")).toBeVisible();
  await form.getByRole("button", { name: "Send my review" }).click();
  await expect(form.getByRole("alert")).toContainText("Please check the highlighted fields.");
  await expect(form.getByText("Please choose a rating from 1 to 5 stars")).toHaveCount(2);
  await expectNoViolations(page);

  await fillReview(form, { stars: "5 stars: Excellent", text, name: "Jordan T.", town: "Milton" });
  await form.getByRole("textbox", { name: "E-mail" }).fill("jordan.t@example.com");
  await waitForFillTime(form);
  await form.getByRole("button", { name: "Send my review" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your review");
  await expect(page).toHaveURL(/\/leave-review\?thanks=/);
  await expect(page.getByRole("textbox", { name: "Your review" })).toHaveValue(text);
  const reviewPage = page.getByRole("link", { name: /Open our review page/ });
  await expect(reviewPage).toHaveAttribute("href", "https://maps.example.com/lumen-bath/review");
  await expect(reviewPage).toHaveAttribute("target", "_blank");
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy review text" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
  // A refresh shows the thank-you again and sends nothing twice.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your review");
  await expectNoViolations(page);

  await startSignedIn(page, e2eAdmin());
  await page.goto("/admin/reviews");
  const row = page
    .getByRole("region", { name: /^Reviews/ })
    .getByRole("listitem")
    .filter({ hasText: text });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Jordan T.");
  await expect(row).toContainText("Website");
  await expect(row).toContainText("Hidden");
  await expect(row).toContainText("Agreed to publication");
  await expect(row).toContainText("jordan.t@example.com");
  await expect(
    row.getByRole("button", { name: /^Publish the review by Jordan T\./ }),
  ).toBeVisible();
});

test("without JavaScript a two-star review keeps what was typed, then promises a call back (R15.1)", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    extraHTTPHeaders: { "X-Forwarded-For": randomTestAddress() },
  });
  const page = await context.newPage();
  await page.goto("/leave-review");
  const form = reviewForm(page);
  const text = `The tile was lovely but the grout cracked within a month. (${Date.now()})`;
  await fillReview(form, {
    stars: "2 stars: Fair",
    text,
    name: "Sam W.",
    town: "",
    phone: "617 555 0166",
  });
  await waitForFillTime(form);
  await form.getByRole("button", { name: "Send my review" }).click();

  const town = form.getByRole("textbox", { name: "Town" });
  await expect(town).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Please enter your town", { exact: true })).toHaveCount(2);
  await expect(form.getByRole("radio", { name: "2 stars: Fair" })).toBeChecked();
  await expect(form.getByRole("textbox", { name: "Your review" })).toHaveValue(text);
  await expect(form.getByRole("textbox", { name: "Your name as it should appear" })).toHaveValue(
    "Sam W.",
  );
  await expect(form.getByRole("textbox", { name: "Phone" })).toHaveValue("617 555 0166");
  await expect(form.getByRole("checkbox", { name: /may be published/ })).toBeChecked();

  await town.fill("Braintree, MA");
  await form.getByRole("button", { name: "Send my review" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for telling us");
  await expect(
    page.getByText(
      "We are sorry your project fell short. Someone from our team will call you back to put things right.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy review text" })).toHaveCount(0);
  await context.close();
});
