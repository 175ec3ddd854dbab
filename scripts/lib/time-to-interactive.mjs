// Time to interactive as a visitor meets it: from the start of the navigation to the moment
// the root marks <html data-hydrated> (React has taken over the page, docs/decisions/004).
// Every run is a first visit (a new browser context, so a cold cache) on Lighthouse's phone
// screen, with the CPU slowed by the given factor through the DevTools protocol.
import { createServer } from "node:http";

const HYDRATED_MESSAGE = "lumen-hydrated-at ";

/**
 * Records, inside the page, when the root sets data-hydrated on <html>, and says so on the
 * console. The measurement listens for that message rather than asking the page: Playwright's
 * waitForFunction polls from a script of its own that it injects into the page, and that
 * script's compiling and polling took about 0.15 s of a 4x-slowed main thread during the
 * very load it measured (first visits alternated, median polled against listened for: 2.15
 * against 1.98 s in the full Chromium the audit uses, 20 each; 1.40 against 1.25 s in the
 * headless shell, 25 each), time no visitor's browser spends.
 */
function recordHydration(message) {
  new MutationObserver((_, observer) => {
    if (!document.documentElement?.dataset.hydrated) return;
    window.__lumenHydratedAt = performance.now();
    console.debug(message + window.__lumenHydratedAt);
    observer.disconnect();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
}

/**
 * One first visit of `url` at `cpuSlowdown`: a new context on the screen `contextOptions`
 * (`browser` is a Playwright Browser), the CPU slowed, `initScript` (a function and its
 * argument) added, the page loaded until `waitUntil` and, if given, until `until(page)`
 * resolves; then `measure(page)`'s milliseconds.
 */
async function firstVisit(browser, url, { cpuSlowdown, contextOptions }, visit) {
  const context = await browser.newContext(contextOptions);
  try {
    if (visit.initScript) await context.addInitScript(...visit.initScript);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    const ready = visit.until?.(page);
    ready?.catch(() => {}); // awaited below; a failed goto must not leave it unhandled
    await page.goto(url, { waitUntil: visit.waitUntil });
    await ready;
    return await visit.measure(page);
  } finally {
    await context.close();
  }
}

/**
 * The median of `runs` first visits at each CPU slowdown, keyed by the slowdown. A visit
 * that measures several things (an object of milliseconds) gets the median of each.
 */
async function medianPerSlowdown(browser, url, { runs, cpuSlowdowns, contextOptions }, visit) {
  const result = {};
  for (const cpuSlowdown of cpuSlowdowns) {
    const visits = [];
    for (let run = 0; run < runs; run++) {
      visits.push(await firstVisit(browser, url, { cpuSlowdown, contextOptions }, visit));
    }
    result[cpuSlowdown] =
      typeof visits[0] === "number"
        ? median(visits)
        : Object.fromEntries(
            Object.keys(visits[0]).map((key) => [key, median(visits.map((one) => one[key]))]),
          );
  }
  return result;
}

/**
 * Navigation start to <html data-hydrated>, in milliseconds, with the steps on the way: the
 * first contentful paint, the document parsed (the boot script runs after it), and the last
 * script fetched.
 */
const UNTIL_HYDRATED = {
  initScript: [recordHydration, HYDRATED_MESSAGE],
  waitUntil: "commit",
  until: (page) =>
    page.waitForEvent("console", {
      predicate: (message) => message.text().startsWith(HYDRATED_MESSAGE),
      timeout: 30_000,
    }),
  measure: (page) =>
    page.evaluate(() => {
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => entry.initiatorType === "script" || entry.name.endsWith(".js"))
        .map((entry) => entry.responseEnd)
        .filter((end) => end <= window.__lumenHydratedAt);
      return {
        firstContentfulPaint:
          performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        documentParsed: performance.getEntriesByType("navigation")[0].domInteractive,
        scriptsFetched: scripts.length > 0 ? Math.max(...scripts) : null,
        hydrated: window.__lumenHydratedAt,
      };
    }),
};

/**
 * The median TTI of `runs` first visits of `url` at each CPU slowdown, in milliseconds
 * (`hydrated`, keyed by the slowdown), and the median of each step on the way (`steps`).
 */
export async function medianTimeToInteractive(browser, url, options) {
  const steps = await medianPerSlowdown(browser, url, options, UNTIL_HYDRATED);
  const hydrated = Object.fromEntries(
    Object.entries(steps).map(([slowdown, step]) => [slowdown, step.hydrated]),
  );
  return { hydrated, steps };
}

/**
 * The machine's floor under any TTI of a page that size: from navigation start to
 * DOMContentLoaded for a plain document of `bytes` (paragraphs of text, no style, no script),
 * served from a local server, at each CPU slowdown; the median of `runs` first visits.
 */
export async function medianPlainDocumentTime(browser, { bytes, ...options }) {
  const paragraph = "<p>A plain paragraph of text, as long as many on the site's pages.</p>\n";
  const document = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reference</title></head><body>\n${paragraph.repeat(Math.max(1, Math.round(bytes / paragraph.length)))}</body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(document);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const times = await medianPerSlowdown(
      browser,
      `http://127.0.0.1:${server.address().port}/`,
      options,
      {
        waitUntil: "domcontentloaded",
        measure: (page) =>
          page.evaluate(
            () => performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd,
          ),
      },
    );
    return { bytes: document.length, times };
  } finally {
    server.close();
  }
}

function median(values) {
  if (values.some((value) => value === null)) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
