import { expect, isMobile, test } from "../support/fixtures";
import { e2eAdmin, startSignedIn } from "../support/staff";
import { sendLeadRequest, uniqueVisitor } from "./lead-requests";

/** The spam folder through its own button: a caught request becomes a lead. */

test("a request caught by the hidden field is turned into a lead with 'Not spam'", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const visitor = uniqueVisitor("Caught");
  await sendLeadRequest(page.request, baseURL!, { ...visitor, honeypot: "https://spam.example" });

  await startSignedIn(page, e2eAdmin());
  await page.goto("/admin/leads");
  await page.getByRole("link", { name: "Spam folder" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Spam folder" })).toBeVisible();

  const entry = page.getByRole("listitem").filter({ hasText: visitor.email });
  await expect(entry).toContainText("Hidden field filled in");
  await expect(entry).toContainText("https://spam.example");
  await entry.getByRole("button", { name: `Not spam: Jordan ${visitor.lastName}` }).click();

  await expect(page).toHaveURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Not spam: the request is now a lead and is being delivered." }),
  ).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 1, name: `Jordan ${visitor.lastName}` }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Where it came from" })).toContainText(
    "Restored from the spam folder",
  );
  const leadUrl = page.url();

  // Back in the folder the entry links to its lead instead of offering the button again.
  await page.goto("/admin/leads/spam");
  const done = page.getByRole("listitem").filter({ hasText: visitor.email });
  await expect(done).toContainText("Turned into a lead");
  await expect(done.getByRole("button", { name: /Not spam/ })).toHaveCount(0);
  await done.getByRole("link", { name: "Open the lead" }).click();
  await expect(page).toHaveURL(leadUrl);

  // The lead is in the inbox like any other.
  await page.goto(`/admin/leads?q=${encodeURIComponent(visitor.email)}`);
  await expect(page.getByText("1 lead matches the filters.")).toBeVisible();
  if (!isMobile(page)) {
    await expect(page.getByRole("table")).toContainText(`Jordan ${visitor.lastName}`);
  }
});

test.describe("an entry the form's rules refuse", () => {
  // The refusal is a 422 answer, which the browser's console reports as a failed resource.
  test.use({ allowConsoleErrors: true });

  test("stays in the folder with the reasons beside its fields", async ({ page, baseURL }) => {
    const visitor = uniqueVisitor("Refused");
    await sendLeadRequest(page.request, baseURL!, {
      ...visitor,
      phone: "555",
      honeypot: "https://spam.example",
    });
    await startSignedIn(page, e2eAdmin());
    await page.goto("/admin/leads/spam");
    const entry = page.getByRole("listitem").filter({ hasText: visitor.email });
    await entry.getByRole("button", { name: `Not spam: Jordan ${visitor.lastName}` }).click();
    await expect(entry.getByRole("alert")).toHaveText("This entry cannot become a lead as it is:");
    await expect(entry).toContainText("Phone: Phone number must be at least 10 digits");
    await expect(entry.getByRole("button", { name: /Not spam/ })).toBeVisible();
  });
});
