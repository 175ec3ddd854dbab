import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { expectNoViolations } from "../support/axe";
import { expect, randomTestAddress, test } from "../support/fixtures";
import { e2eAdmin, startSignedIn } from "../support/staff";
import { waitForFillTime } from "../leads/support";

/**
 * The giveaway (docs/REQUIREMENTS.md R15.2) through its own screens: an admin sets one up,
 * visitors enter once each (with and without JavaScript), and after the end the winner is
 * drawn, the entries download as CSV and the audit log shows the draw.
 */

const NEW_YORK = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/New_York",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** A moment as a datetime-local field takes it in New York time, to the second. */
function newYorkLocal(ms: number): string {
  const part = Object.fromEntries(
    NEW_YORK.formatToParts(new Date(ms)).map((piece) => [piece.type, piece.value]),
  );
  // The field drops ":00" seconds: typed as it would show them.
  const seconds = part.second === "00" ? "" : `:${part.second}`;
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}${seconds}`;
}

/** A visitor of their own address, in a browser of their own. */
async function visitor(browser: Browser, baseURL: string, javaScriptEnabled = true) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    extraHTTPHeaders: { "X-Forwarded-For": randomTestAddress() },
  });
  return context.newPage();
}

/** The page's entry form, once the page is ready (hydrated, when scripts run). */
async function openGiveaway(page: Page, path = "/giveaway", scripts = true) {
  await page.goto(path);
  if (scripts) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return page.getByRole("form", { name: "Enter the giveaway" });
}

async function enter(
  page: Page,
  entrant: { name: string; email: string; phone: string; zip: string },
  path?: string,
) {
  const form = await openGiveaway(page, path);
  await form.getByRole("textbox", { name: "Full name" }).fill(entrant.name);
  await form.getByRole("textbox", { name: "E-mail" }).fill(entrant.email);
  await form.getByRole("textbox", { name: "Phone" }).fill(entrant.phone);
  await form.getByRole("textbox", { name: "ZIP code" }).fill(entrant.zip);
  await form.getByRole("checkbox", { name: /agree to the official rules/ }).check();
  await waitForFillTime(form);
  await form.getByRole("button", { name: "Enter now" }).click();
}

test.describe("an admin", () => {
  // The draw refused before the end is a 409 answer, which the console reports.
  test.use({ allowConsoleErrors: true });

  test("runs a giveaway: one entry per person, the draw after the end, the CSV and the audit", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const title = `Giveaway ${stamp}`;
    await startSignedIn(page, e2eAdmin());
    await page.goto("/admin/giveaways");
    await expect(page.getByRole("heading", { level: 1, name: "Giveaways" })).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole("link", { name: "New giveaway" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New giveaway" })).toBeVisible();

    // The browser checks with the action's own schema: an end before the start is refused.
    const startsAt = Date.now();
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    await page.getByRole("textbox", { name: "Prize" }).fill("A heated towel rail");
    await page.getByLabel("Entries open (New York time)").fill(newYorkLocal(startsAt));
    await page
      .getByLabel("Entries close (New York time)")
      .fill(newYorkLocal(startsAt - 86_400_000));
    await page.getByRole("textbox", { name: "Description" }).fill("Enter to win a towel rail.");
    await page
      .getByRole("textbox", { name: "Official rules (Markdown)" })
      .fill("## Who may enter\n\nAnyone 18 or older.");
    await page.getByRole("button", { name: "Create giveaway" }).click();
    await expect(page.getByText("The end must come after the start.")).toBeVisible();
    await page
      .getByLabel("Entries close (New York time)")
      .fill(newYorkLocal(startsAt + 86_400_000));
    await page.getByRole("button", { name: "Create giveaway" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Giveaway created." })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/giveaways\/\d+$/);
    const adminPath = new URL(page.url()).pathname;

    // A visitor from a campaign enters; the same person again (another case, another phone)
    // is told they are already entered, and no second entry is made.
    const guest = await visitor(browser, baseURL!);
    const email = `entrant.${stamp}@example.com`;
    await enter(
      guest,
      { name: "Jordan Rivera", email, phone: "617 555 0142", zip: "02169" },
      "/giveaway?utm_source=e2e&utm_medium=test",
    );
    await expect(guest.getByRole("heading", { name: "You're entered!" })).toBeVisible();
    await expect(guest).toHaveURL(/\/giveaway\?entered=entered$/);
    await enter(guest, {
      name: "Jordan Rivera",
      email: email.toUpperCase(),
      phone: "508 555 0199",
      zip: "02169",
    });
    await expect(guest.getByRole("heading", { name: "You're already entered" })).toBeVisible();
    await expect(guest.getByText(/You're already entered in this giveaway/)).toBeVisible();
    await guest.context().close();

    await page.goto(adminPath);
    const entries = page.getByRole("table", { name: "Entries, newest first" });
    await expect(entries.getByRole("row").filter({ hasText: email })).toHaveCount(1);
    await expect(entries.getByRole("row").filter({ hasText: email })).toContainText("e2e / test");

    // Before the end the draw is refused; the admin ends the giveaway a moment from now.
    await page.getByRole("button", { name: "Draw a winner" }).click();
    await expect(page.getByText(/This giveaway is still running/)).toBeVisible();
    const endsAt = Math.ceil(Date.now() / 1000) * 1000 + 1000;
    await page.getByLabel("Entries close (New York time)").fill(newYorkLocal(endsAt));
    await page.getByRole("button", { name: "Save giveaway" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Giveaway saved." })).toBeVisible();
    await expect.poll(() => Date.now(), { timeout: 5000 }).toBeGreaterThan(endsAt + 200);

    await page.getByRole("button", { name: "Draw a winner" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: /The winner is .+, drawn from \d+ eligible/ }),
    ).toBeVisible();
    await expect(page.getByTestId("giveaway-winner")).not.toBeEmpty();
    await expect(page.getByRole("button", { name: "Draw a winner" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Redraw" })).toBeVisible();
    await expectNoViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^giveaway-\d+-entries-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    expect(csv.split("\r\n")[0]).toMatch(/^Entered \(New York time\),Name,Email,Phone,ZIP/);
    expect(csv).toContain(`Jordan Rivera,${email},(617) 555-0142,02169`);

    await page.goto("/admin/audit");
    const audit = page.getByRole("table", { name: "Audit events, newest first" });
    const draw = audit.getByRole("row").filter({ hasText: "Giveaway winner drawn" }).first();
    await expect(draw).toContainText(`giveaway:${adminPath.split("/").at(-1)}`);
    await expect(draw).toContainText("eligibleEntries:");
  });
});

test("without JavaScript a visitor's mistakes come back beside the fields, and the entry goes in", async ({
  browser,
  baseURL,
}) => {
  const guest = await visitor(browser, baseURL!, false);
  const form = await openGiveaway(guest, "/giveaway", false);
  await form.getByRole("textbox", { name: "Full name" }).fill("Sam Nojs");
  await form.getByRole("textbox", { name: "E-mail" }).fill("not-an-address");
  await form.getByRole("textbox", { name: "Phone" }).fill("781 555 0123");
  await form.getByRole("textbox", { name: "ZIP code" }).fill("123");
  await waitForFillTime(form);
  await form.getByRole("button", { name: "Enter now" }).click();

  const again = guest.getByRole("form", { name: "Enter the giveaway" });
  await expect(again.getByText("Please enter a valid email address")).toBeVisible();
  await expect(again.getByText(/Please enter a 5-digit ZIP code/)).toBeVisible();
  await expect(again.getByText("Please agree to the official rules to enter")).toBeVisible();
  await expect(again.getByRole("textbox", { name: "Full name" })).toHaveValue("Sam Nojs");
  await expect(again.getByRole("textbox", { name: "E-mail" })).toHaveAttribute(
    "aria-invalid",
    "true",
  );

  await again.getByRole("textbox", { name: "E-mail" }).fill(`nojs.${Date.now()}@example.com`);
  await again.getByRole("textbox", { name: "ZIP code" }).fill("02169-1234");
  await again.getByRole("checkbox", { name: /agree to the official rules/ }).check();
  await again.getByRole("button", { name: "Enter now" }).click();
  await expect(guest.getByRole("heading", { name: "You're entered!" })).toBeVisible();
  await guest.context().close();
});
