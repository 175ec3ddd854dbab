import type { Page } from "@playwright/test";

/**
 * Navigates inside the running app, as a click on a link does, and tells whether the
 * browser kept the same document (a client-side navigation) or loaded a new one.
 * Starts from the home page so the app is hydrated with no state of the test's own.
 */
export async function navigateInApp(
  page: Page,
  path: string,
  arrivesAt: (url: URL) => boolean,
): Promise<{ sameDocument: boolean }> {
  await page.goto("/");
  await page.evaluate(() => {
    (window as unknown as { stillTheSameDocument: boolean }).stillTheSameDocument = true;
  });
  const dataRequest = page.waitForRequest((request) => request.url().includes(`${path}.data`));
  await page.evaluate((to) => {
    const router = (
      window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }
    ).__reactRouterDataRouter;
    router.navigate(to);
  }, path);
  await dataRequest;
  await page.waitForURL(arrivesAt);
  await page.getByRole("heading", { level: 1 }).waitFor();
  const sameDocument = await page.evaluate(
    () => (window as unknown as { stillTheSameDocument?: boolean }).stillTheSameDocument === true,
  );
  return { sameDocument };
}
