// Time to interactive as a visitor meets it: from the start of the navigation to the moment
// the root marks <html data-hydrated> (React has taken over the page, docs/decisions/004).
// Every run is a first visit (a new browser context, so a cold cache) on Lighthouse's phone
// screen, with the CPU slowed by the given factor through the DevTools protocol.

/** Records, inside the page, when the root sets data-hydrated on <html>. */
function recordHydration() {
  new MutationObserver((_, observer) => {
    if (!document.documentElement?.dataset.hydrated) return;
    window.__lumenHydratedAt = performance.now();
    observer.disconnect();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
}

/**
 * Milliseconds from navigation to hydrated for one first visit of `url`.
 * `browser` is a Playwright Browser; `contextOptions` the screen to emulate.
 */
export async function measureTimeToInteractive(browser, url, { cpuSlowdown, contextOptions }) {
  const context = await browser.newContext(contextOptions);
  try {
    await context.addInitScript(recordHydration);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    await page.goto(url, { waitUntil: "commit" });
    await page.waitForFunction(() => window.__lumenHydratedAt !== undefined, undefined, {
      timeout: 30_000,
    });
    return await page.evaluate(() => window.__lumenHydratedAt);
  } finally {
    await context.close();
  }
}

/** The median of `runs` measurements of `url` at each CPU slowdown, in milliseconds. */
export async function medianTimeToInteractive(
  browser,
  url,
  { runs, cpuSlowdowns, contextOptions },
) {
  const result = {};
  for (const cpuSlowdown of cpuSlowdowns) {
    const times = [];
    for (let run = 0; run < runs; run++) {
      times.push(await measureTimeToInteractive(browser, url, { cpuSlowdown, contextOptions }));
    }
    times.sort((a, b) => a - b);
    const middle = Math.floor(times.length / 2);
    result[cpuSlowdown] =
      times.length % 2 ? times[middle] : (times[middle - 1] + times[middle]) / 2;
  }
  return result;
}
