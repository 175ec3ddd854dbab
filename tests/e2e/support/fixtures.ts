import { test as base, expect, type Locator, type Page } from "@playwright/test";

/**
 * `page` that fails the test on any console error or warning, or uncaught page error.
 * Tests that provoke errors on purpose opt out with `test.use({ allowConsoleErrors: true })`.
 */
export const test = base.extend<{ allowConsoleErrors: boolean; consoleProblems: string[] }>({
  allowConsoleErrors: [false, { option: true }],
  // Each test is a visitor of its own address (the test server trusts X-Forwarded-For), so
  // per-address limits such as the lead rate limit apply per test.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide) => {
    await provide({ ...extraHTTPHeaders, "X-Forwarded-For": randomTestAddress() });
  },
  consoleProblems: [
    async ({ page, allowConsoleErrors }, provide) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning") {
          problems.push(`${message.type()}: ${message.text()}`);
        }
      });
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      await provide(problems);
      if (!allowConsoleErrors) expect(problems, "console errors and warnings").toEqual([]);
    },
    { auto: true },
  ],
  // Pages paint before their scripts run; a test acts like a user who waits for the page
  // to be ready, so navigation resolves once React has hydrated it.
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (response?.headers()["content-type"]?.startsWith("text/html")) {
        await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      }
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      return response;
    };
    await provide(page);
  },
});

export { expect };

/** An address from the documentation range 198.18.0.0/15 (benchmarking), unique enough per test. */
export function randomTestAddress(): string {
  const byte = () => Math.floor(Math.random() * 256);
  return `198.${18 + Math.floor(Math.random() * 2)}.${byte()}.${byte()}`;
}

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/**
 * Clicks something at the foot of a long page (on a phone, the privacy button). The
 * sections passed on the way there are laid out only once they come near
 * (content-visibility), which moves what is below them just after the jump: scrolled there
 * first, the click then waits for it to be still. Clicked at once, it sometimes landed on
 * the page's background where the button had been.
 */
export async function clickAtFootOfPage(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await target.click();
}
