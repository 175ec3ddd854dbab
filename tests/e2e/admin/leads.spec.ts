import type { Page } from "@playwright/test";
import { expect, isMobile, test } from "../support/fixtures";
import { e2eAdmin, startSignedIn, withoutJavaScript } from "../support/staff";
import { sendLeadRequest, uniqueVisitor } from "./lead-requests";

/** The leads inbox through its own forms: the filter, a status change and a note. */

test("the filter narrows the inbox, and explains a value it cannot use", async ({
  page,
  baseURL,
}) => {
  const visitor = uniqueVisitor("Filtered");
  await sendLeadRequest(page.request, baseURL!, {
    lastName: `${visitor.lastName}A`,
    email: `a.${visitor.email}`,
    source: "Google",
  });
  await sendLeadRequest(page.request, baseURL!, {
    lastName: `${visitor.lastName}B`,
    email: `b.${visitor.email}`,
    source: "Facebook",
  });
  await startSignedIn(page, e2eAdmin());
  await page.goto("/admin/leads");

  const filter = page.getByRole("search");
  await filter.getByLabel("Search name, e-mail or phone").fill(visitor.stamp);
  await filter.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("2 leads match the filters.")).toBeVisible();

  await filter.getByLabel("Source").selectOption("Facebook");
  await filter.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/source=Facebook/);
  await expect(page.getByText("1 lead matches the filters.")).toBeVisible();
  await expect(page.getByRole("link", { name: `Jordan ${visitor.lastName}B` })).toHaveCount(1);
  await expect(page.getByRole("link", { name: `Jordan ${visitor.lastName}A` })).toHaveCount(0);

  // Reset clears what was typed and chosen: the controls show the filter now in force.
  await filter.getByRole("link", { name: "Reset" }).click();
  await expect(page).toHaveURL(/\/admin\/leads$/);
  await expect(filter.getByLabel("Search name, e-mail or phone")).toHaveValue("");
  await expect(filter.getByLabel("Source")).toHaveValue("");

  // A wrong value is named beside its field and left out; the rest of the filter applies.
  await page.goto(`/admin/leads?q=${visitor.stamp}&from=2026-11-20&to=2026-11-01`);
  const to = page.getByRole("search").getByLabel("Received to");
  await expect(to).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("The end date is before the start date")).toBeVisible();
  await expect(page.getByText("2 leads match the filters.")).toBeVisible();

  await page.getByRole("search").getByRole("link", { name: "Reset" }).click();
  await expect(page).toHaveURL(/\/admin\/leads$/);
  await expect(page.getByText(/leads? in all, newest first\./)).toBeVisible();
});

test("a lead's status changes and a note is added through its page", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const visitor = uniqueVisitor("Pipeline");
  await sendLeadRequest(page.request, baseURL!, visitor);
  await startSignedIn(page, e2eAdmin());
  await page.goto(`/admin/leads?q=${encodeURIComponent(visitor.email)}`);
  await page
    .getByRole("link", { name: `Jordan ${visitor.lastName}` })
    .first()
    .click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Jordan ${visitor.lastName}` }),
  ).toBeVisible();

  // Checked in the browser with the action's own rules before anything is sent.
  const status = page.getByRole("region", { name: "Status", exact: true });
  await status.getByLabel("Move to").selectOption("lost");
  await status.getByRole("button", { name: "Change status" }).click();
  await expect(status.getByText("Say why the lead was lost")).toBeVisible();
  await expect(status.getByLabel("Why it was lost")).toHaveAttribute("aria-invalid", "true");

  await status.getByLabel("Move to").selectOption("won");
  await status.getByRole("textbox", { name: "Job value in dollars" }).fill("12.345");
  await status.getByRole("button", { name: "Change status" }).click();
  await expect(
    status.getByText("Enter the job value in dollars, like 12,500 or 12500.50"),
  ).toBeVisible();
  await status.getByRole("textbox", { name: "Job value in dollars" }).fill("18,250");
  await status.getByRole("button", { name: "Change status" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Status changed to Won." }),
  ).toBeVisible();
  const history = page.getByRole("region", { name: "Status history" });
  await expect(history).toContainText("New → Won");
  await expect(history).toContainText("$18,250.00");

  const notes = page.getByRole("region", { name: "Notes" });
  await notes.getByRole("button", { name: "Add note" }).click();
  await expect(notes.getByText("Write the note first")).toBeVisible();
  const note = `Called back ${visitor.stamp}; site visit on Tuesday.`;
  await notes.getByLabel("Add a note").fill(note);
  await notes.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Note added." })).toBeVisible();
  await expect(notes.getByRole("listitem").filter({ hasText: note })).toBeVisible();
  await expect(notes.getByLabel("Add a note")).toHaveValue("");
});

test.describe("without JavaScript", () => {
  test("the server answers beside the field and keeps what was typed", async ({
    browser,
    baseURL,
    page: signedIn,
  }) => {
    const visitor = uniqueVisitor("NoScript");
    await sendLeadRequest(signedIn.request, baseURL!, visitor);
    await startSignedIn(signedIn, e2eAdmin());
    const page = await withoutJavaScript(browser, signedIn);
    await page.goto(`/admin/leads?q=${encodeURIComponent(visitor.email)}`);
    await page
      .getByRole("link", { name: `Jordan ${visitor.lastName}` })
      .first()
      .click();

    // The same status again is refused by the server's own check.
    const status = page.getByRole("region", { name: "Status", exact: true });
    await status.getByRole("textbox", { name: "Job value in dollars" }).fill("99");
    await status.getByRole("button", { name: "Change status" }).click();
    const again = page.getByRole("region", { name: "Status", exact: true });
    await expect(again.getByText("The lead is already New")).toBeVisible();
    await expect(again.getByRole("textbox", { name: "Job value in dollars" })).toHaveValue("99");

    const notes = page.getByRole("region", { name: "Notes" });
    await notes.getByLabel("Add a note").fill("Left a voicemail.");
    await notes.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Note added." })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Notes" }).getByText("Left a voicemail."),
    ).toBeVisible();
    await page.context().close();
  });
});

/** Wider than the window, so part of the page could only be reached by scrolling sideways. */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test("the inbox, a lead and the spam folder fit a phone and a laptop", async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(isMobile(page), "sets both widths itself");
  test.setTimeout(60_000);
  const visitor = uniqueVisitor("Layout");
  const email = `a.rather.long.address.for.the.layout.${visitor.stamp}@bathroom-remodeling.example`;
  // A long name of the kind people have, rather than one stamped for the test.
  const lastName = "Whitfield-Hargreaves";
  await sendLeadRequest(page.request, baseURL!, { lastName, email });
  await sendLeadRequest(page.request, baseURL!, {
    lastName,
    email: `spam.${email}`,
    honeypot: "filled",
  });
  await startSignedIn(page, e2eAdmin());
  await page.goto(`/admin/leads?q=${visitor.stamp}`);
  await page
    .getByRole("link", { name: `Jordan ${lastName}` })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
  const leadPath = new URL(page.url()).pathname;

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path] of [
      ["inbox", `/admin/leads?q=${visitor.stamp}`],
      ["lead", leadPath],
      ["spam", "/admin/leads/spam"],
    ] as const) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.screenshot({
        path: testInfo.outputPath(`${name}-${width}.png`),
        fullPage: true,
      });
      expect(await overflowsSideways(page), `${name} at ${width} px`).toBe(false);
    }
  }

  // On a laptop the table's headings stay on one line and an address is cut short whole,
  // with the full address in its title.
  await page.goto(`/admin/leads?q=${visitor.stamp}`);
  const table = page.getByRole("table");
  const nameHeading = await table.getByRole("columnheader", { name: "Name" }).boundingBox();
  const jobHeading = await table.getByRole("columnheader", { name: "Job value" }).boundingBox();
  expect(jobHeading!.height).toBe(nameHeading!.height);
  const fitsItsFrame = await table.evaluate(
    (element) => element.scrollWidth <= (element.parentElement?.clientWidth ?? 0),
  );
  expect(fitsItsFrame, "every column in view without scrolling the table").toBe(true);
  const address = table.getByTitle(email);
  const line = await address.evaluate((element) =>
    parseFloat(getComputedStyle(element).lineHeight),
  );
  expect((await address.boundingBox())!.height).toBeLessThanOrEqual(line + 1);
});
