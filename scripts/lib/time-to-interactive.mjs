// Time to interactive as a visitor meets it: from the start of the navigation to the moment
// the root marks <html data-hydrated> (React has taken over the page, docs/decisions/004).
// Every run is a first visit (a new browser context, so a cold cache) on Lighthouse's phone
// screen, with the CPU slowed by the given factor through the DevTools protocol.
import { createServer } from "node:http";

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
    result[cpuSlowdown] = median(times);
  }
  return result;
}

/**
 * The machine's floor under any TTI of a page that size: from navigation start to
 * DOMContentLoaded for a plain document of `bytes` (paragraphs of text, no style, no script),
 * served from a local server, at each CPU slowdown; the median of `runs` first visits.
 */
export async function medianPlainDocumentTime(
  browser,
  { bytes, runs, cpuSlowdowns, contextOptions },
) {
  const paragraph = "<p>A plain paragraph of text, as long as many on the site's pages.</p>\n";
  const document = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reference</title></head><body>\n${paragraph.repeat(Math.max(1, Math.round(bytes / paragraph.length)))}</body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(document);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  try {
    const result = {};
    for (const cpuSlowdown of cpuSlowdowns) {
      const times = [];
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext(contextOptions);
        try {
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
          await page.goto(url, { waitUntil: "domcontentloaded" });
          times.push(
            await page.evaluate(
              () => performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd,
            ),
          );
        } finally {
          await context.close();
        }
      }
      result[cpuSlowdown] = median(times);
    }
    return { bytes: document.length, times: result };
  } finally {
    server.close();
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
