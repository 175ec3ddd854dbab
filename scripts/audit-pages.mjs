// `npm run audit:pages`: Lighthouse 12 (its default mobile preset, simulated throttling) and
// axe-core on every public page of the production build, served on a throw-away DATA_DIR.
// Prints one table of scores and metrics, then what failed on every page that misses a target.
// Time to interactive (TTI) is measured apart from Lighthouse, in the same Chromium: from the
// start of a first visit to <html data-hydrated> (scripts/lib/time-to-interactive.mjs), on
// the same phone screen, with the CPU at full speed and slowed 4 times; the median of the runs.
// Beside it, the machine's floor: a plain document of the home page's size (no style, no
// script) timed to DOMContentLoaded the same way; and the home page's steps on the way to
// interactive: first contentful paint, document parsed, last script fetched, hydrated.
//
// Options:
//   --routes=/,/bathrooms   audit these paths only (default: every page in ALL_PUBLIC_PAGES)
//   --runs=N                Lighthouse runs per page; with N > 1 every figure is the median
//   --tti-runs=N            first visits per page and CPU speed for TTI (default 3)
//   --check                 exit 1 when a page misses a target
import { AxeBuilder } from "@axe-core/playwright";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { rmSync } from "node:fs";
import { chromium } from "playwright-core";
import { tsImport } from "tsx/esm/api";
import { ensureBuild, spawnServer } from "./bench/lib.mjs";
import { ensureFullChromium } from "./ensure-browser.mjs";
import { medianPlainDocumentTime, medianTimeToInteractive } from "./lib/time-to-interactive.mjs";

const CHROME_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--headless=new",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
/** CPU slowdowns TTI is measured at: none, and Lighthouse's mobile preset's 4x. */
const TTI_CPU_SLOWDOWNS = [1, 4];
// The same rule set as tests/e2e/site/accessibility.spec.ts.
const AXE_TAGS = [
  "wcag2a",
  "wcag2aa",
  "wcag21a",
  "wcag21aa",
  "wcag22a",
  "wcag22aa",
  "best-practice",
];
// Lighthouse's mobile preset screen: axe looks at the page at the same size.
const MOBILE_CONTEXT = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const TARGETS = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpSeconds: 1.5,
  clsBelow: 0.05,
  homeJsKb: 110,
  // The home page on a phone: interactive within a second with the CPU slowed 4 times.
  homeTti4xSeconds: 1.0,
  axe: 0,
};
// Pages left out of the sitemap on purpose (noindex, disallowed in robots.txt): Lighthouse's
// is-crawlable audit is meant to fail there, so it does not count against their SEO score.
const EXPECTED_TO_FAIL_ON_NOINDEX_PAGES = ["is-crawlable"];

function usage(message) {
  console.error(
    `${message}\nUsage: node scripts/audit-pages.mjs [--routes=/,/bathrooms] [--runs=N] [--tti-runs=N] [--check]`,
  );
  process.exit(2);
}

function parseArgs(argv) {
  const options = { check: false, runs: 1, ttiRuns: 3, routes: undefined };
  for (const arg of argv) {
    if (arg === "--check") options.check = true;
    else if (arg.startsWith("--tti-runs=")) {
      options.ttiRuns = Number(arg.slice("--tti-runs=".length));
      if (!Number.isInteger(options.ttiRuns) || options.ttiRuns < 1)
        usage(`Bad ${arg}: want a whole number >= 1`);
    } else if (arg.startsWith("--runs=")) {
      options.runs = Number(arg.slice("--runs=".length));
      if (!Number.isInteger(options.runs) || options.runs < 1)
        usage(`Bad ${arg}: want a whole number >= 1`);
    } else if (arg.startsWith("--routes=")) {
      options.routes = arg
        .slice("--routes=".length)
        .split(",")
        .map((route) => route.trim())
        .filter(Boolean);
      if (!options.routes.length || options.routes.some((route) => !route.startsWith("/")))
        usage(`Bad ${arg}: want paths starting with "/", separated by commas`);
    } else usage(`Unknown option ${arg}`);
  }
  return options;
}

/** Milliseconds as seconds, rounded as printed (NaN when not measured). */
const seconds = (ms) => (typeof ms === "number" ? Number((ms / 1000).toFixed(2)) : NaN);

const median = (values) => {
  const sorted = values
    .filter((value) => typeof value === "number" && !Number.isNaN(value))
    .sort((a, b) => a - b);
  if (!sorted.length) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** A category's 0-100 score as Lighthouse computes it, optionally without some audits. */
function categoryScore(lhr, categoryId, ignoredAudits = []) {
  const refs = lhr.categories[categoryId].auditRefs.filter(
    (ref) => ref.weight > 0 && !ignoredAudits.includes(ref.id),
  );
  if (!refs.length) return null;
  let sum = 0;
  let weight = 0;
  for (const ref of refs) {
    const score = lhr.audits[ref.id]?.score;
    if (score === null || score === undefined) return null;
    sum += score * ref.weight;
    weight += ref.weight;
  }
  return Math.round((Math.round((sum / weight) * 100) / 100) * 100);
}

/** Audits of the four categories that did not get a full score. */
/** The first resources an audit names (same-origin URLs as paths), e.g. " -> /assets/a.js". */
function offenders(audit, origin) {
  const urls = (audit.details?.items ?? [])
    .map((item) => (typeof item.url === "string" ? item.url : item.node?.selector))
    .filter(Boolean)
    .map((url) => (url.startsWith(origin) ? url.slice(origin.length) || "/" : url));
  const unique = [...new Set(urls)];
  if (!unique.length) return "";
  const more = unique.length > 3 ? ` and ${unique.length - 3} more` : "";
  return ` -> ${unique.slice(0, 3).join(", ")}${more}`;
}

function failedAudits(lhr) {
  const origin = new URL(lhr.finalDisplayedUrl ?? lhr.requestedUrl).origin;
  const failed = [];
  for (const categoryId of CATEGORIES) {
    for (const ref of lhr.categories[categoryId].auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || ["notApplicable", "manual", "informative"].includes(audit.scoreDisplayMode))
        continue;
      if (audit.scoreDisplayMode === "error" || audit.score === null) {
        failed.push({
          category: categoryId,
          id: ref.id,
          detail: `error: ${audit.errorMessage ?? "no score"}`,
        });
      } else if (audit.score < 1) {
        const detail = [`score ${audit.score}`, audit.displayValue].filter(Boolean).join(", ");
        failed.push({
          category: categoryId,
          id: ref.id,
          detail: detail + offenders(audit, origin),
        });
      }
    }
  }
  return failed;
}

function summarise(lhr, { noindex }) {
  // A page Lighthouse could not load has no figures; its runtime error says why.
  if (lhr.runtimeError) {
    return {
      performance: null,
      accessibility: null,
      bestPractices: null,
      seo: null,
      lighthouseSeo: null,
      lcpSeconds: NaN,
      cls: NaN,
      tbtMs: NaN,
      jsKb: NaN,
      failed: [],
      runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`,
      warnings: (lhr.runWarnings ?? []).filter((warning) => warning !== lhr.runtimeError.message),
      benchmarkIndex: lhr.environment?.benchmarkIndex,
      version: lhr.lighthouseVersion,
    };
  }
  const scriptBytes = (lhr.audits["network-requests"]?.details?.items ?? [])
    .filter((item) => item.resourceType === "Script")
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  const seo = categoryScore(lhr, "seo");
  return {
    performance: categoryScore(lhr, "performance"),
    accessibility: categoryScore(lhr, "accessibility"),
    bestPractices: categoryScore(lhr, "best-practices"),
    seo: noindex ? categoryScore(lhr, "seo", EXPECTED_TO_FAIL_ON_NOINDEX_PAGES) : seo,
    lighthouseSeo: seo,
    lcpSeconds: (lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN) / 1000,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
    jsKb: scriptBytes / 1024,
    failed: failedAudits(lhr).filter(
      (audit) => !(noindex && EXPECTED_TO_FAIL_ON_NOINDEX_PAGES.includes(audit.id)),
    ),
    runtimeError: null,
    warnings: lhr.runWarnings ?? [],
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    version: lhr.lighthouseVersion,
  };
}

/** Which targets a page misses, as readable lines. */
function missedTargets(route, row) {
  const missed = [];
  if (row.performance === null && row.runtimeErrors.length) {
    // Lighthouse could not load the page: no figure to compare.
    for (const error of row.runtimeErrors) missed.push(`Lighthouse runtime error ${error}`);
  } else {
    const below = (value, target, label) => {
      if (value === null || value < target) missed.push(`${label} ${value ?? "n/a"} < ${target}`);
    };
    below(row.performance, TARGETS.performance, "performance");
    below(row.accessibility, TARGETS.accessibility, "accessibility");
    below(row.bestPractices, TARGETS.bestPractices, "best practices");
    below(row.seo, TARGETS.seo, "SEO");
    if (!(row.lcpSeconds <= TARGETS.lcpSeconds))
      missed.push(`LCP ${row.lcpSeconds.toFixed(2)} s > ${TARGETS.lcpSeconds} s`);
    if (!(row.cls < TARGETS.clsBelow))
      missed.push(`CLS ${row.cls.toFixed(3)} >= ${TARGETS.clsBelow}`);
    if (route === "/" && !(row.jsKb <= TARGETS.homeJsKb))
      missed.push(`home page JavaScript ${row.jsKb.toFixed(1)} KB > ${TARGETS.homeJsKb} KB`);
    if (route === "/" && !(row.tti4xSeconds < TARGETS.homeTti4xSeconds))
      missed.push(
        `home page TTI at 4x CPU ${row.tti4xSeconds.toFixed(2)} s >= ${TARGETS.homeTti4xSeconds} s`,
      );
    for (const error of row.runtimeErrors)
      missed.push(`Lighthouse runtime error in a run: ${error}`);
  }
  if (row.axe === null) missed.push("axe did not run");
  else if (row.axe > TARGETS.axe) missed.push(`${row.axe} axe violation(s)`);
  return missed;
}

function printTable(rows) {
  const header = [
    "route",
    "perf",
    "a11y",
    "best pr.",
    "SEO",
    "LCP s",
    "CLS",
    "TBT ms",
    "JS KB",
    "TTI 1x s",
    "TTI 4x s",
    "axe",
  ];
  const body = rows.map(({ route, row, missed }) => {
    const flag = (bad) => (bad ? " ✗" : "");
    const has = (word) => missed.some((line) => line.startsWith(word));
    const num = (value, digits) =>
      value === null || Number.isNaN(value) ? "n/a" : value.toFixed(digits);
    return [
      route,
      num(row.performance, 0) + flag(has("performance")),
      num(row.accessibility, 0) + flag(has("accessibility")),
      num(row.bestPractices, 0) + flag(has("best practices")),
      num(row.seo, 0) + (row.noindex ? "†" : "") + flag(has("SEO")),
      num(row.lcpSeconds, 2) + flag(has("LCP")),
      num(row.cls, 3) + flag(has("CLS")),
      num(row.tbtMs, 0),
      num(row.jsKb, 1) + flag(has("home page JavaScript")),
      num(row.tti1xSeconds, 2),
      num(row.tti4xSeconds, 2) + flag(has("home page TTI")),
      (row.axe === null ? "n/a" : String(row.axe)) + flag(has("axe") || has(`${row.axe} axe`)),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i].length)));
  const line = (cells) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const cells of body) console.log(line(cells));
}

// --- main -----------------------------------------------------------------------------------

const options = parseArgs(process.argv.slice(2));
const { ALL_PUBLIC_PAGES, BLOG_SAMPLE_PAGES, PUBLIC_ROUTES } = await tsImport(
  "../app/modules/seo/public-routes.ts",
  import.meta.url,
);
const indexed = new Set([...PUBLIC_ROUTES.map((route) => route.path), ...BLOG_SAMPLE_PAGES]);
const noindexPages = new Set(ALL_PUBLIC_PAGES.filter((route) => !indexed.has(route)));
const routes = options.routes ?? ALL_PUBLIC_PAGES;
for (const route of routes) {
  if (!ALL_PUBLIC_PAGES.includes(route)) console.warn(`Note: ${route} is not in ALL_PUBLIC_PAGES.`);
}

// Lighthouse audits in the full browser (the tests' headless shell has no new headless mode).
const chromePath = ensureFullChromium();

ensureBuild();

let server;
let chrome;
let browser;
let cleaningUp;
function cleanup() {
  cleaningUp ??= (async () => {
    await browser?.close().catch(() => {});
    // Every Chromium this process launched, also one still starting.
    chromeLauncher.killAll();
    if (server) {
      const child = server.process;
      if (child.exitCode === null && child.signalCode === null) {
        const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await server.stop();
        clearTimeout(force);
      }
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  })();
  return cleaningUp;
}
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
]) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server and Chromium...`);
    void cleanup().finally(() => process.exit(code));
  });
}

let exitCode = 0;
try {
  // Held before it is ready, so that a signal during the start stops it too.
  server = await spawnServer();
  // The canonical URLs and the sitemap name http://localhost:PORT (PUBLIC_URL's default).
  const baseUrl = server.baseUrl.replace("127.0.0.1", "localhost");
  if (!(await server.ready())) throw new Error("The production server did not become ready.");
  // One request per page first, so Lighthouse measures a warm server.
  for (const route of routes) await (await fetch(`${baseUrl}${route}`)).arrayBuffer();

  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: "silent",
  });

  const runs = new Map(routes.map((route) => [route, []]));
  console.log(
    `Lighthouse (mobile preset, simulated throttling): ${routes.length} page(s) x ${options.runs} run(s) on ${baseUrl}\n`,
  );
  for (const route of routes) {
    for (let run = 1; run <= options.runs; run++) {
      process.stdout.write(
        `  ${route}${options.runs > 1 ? ` (run ${run}/${options.runs})` : ""}...`,
      );
      const started = Date.now();
      // Lighthouse occasionally fails to record a trace (NO_NAVSTART and the like);
      // such a run says nothing about the page, so it is tried again.
      let result;
      for (let attempt = 1; attempt <= 3; attempt++) {
        result = await lighthouse(
          `${baseUrl}${route}`,
          { port: chrome.port, logLevel: "error", onlyCategories: CATEGORIES },
          undefined,
        );
        if (!result?.lhr.runtimeError) break;
      }
      if (!result) throw new Error(`Lighthouse returned no result for ${route}`);
      runs.get(route).push(summarise(result.lhr, { noindex: noindexPages.has(route) }));
      console.log(` ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  }

  // axe-core in the same Chromium, after Lighthouse is done with it.
  browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = await browser.newContext(MOBILE_CONTEXT);
  const axeResults = new Map();
  for (const route of routes) {
    const page = await context.newPage();
    try {
      await page.goto(`${baseUrl}${route}`, { waitUntil: "networkidle" });
      const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
      axeResults.set(route, violations);
    } catch (error) {
      console.error(`axe failed on ${route}: ${error.message}`);
      axeResults.set(route, null);
    } finally {
      await page.close();
    }
  }
  await context.close();

  // Time to interactive, in the same browser once Lighthouse and axe are done with it.
  console.log(
    `\nTime to interactive: ${routes.length} page(s) x ${options.ttiRuns} first visit(s) at CPU x${TTI_CPU_SLOWDOWNS.join(" and x")}...`,
  );
  const ttiResults = new Map();
  for (const route of routes) {
    try {
      ttiResults.set(
        route,
        await medianTimeToInteractive(browser, `${baseUrl}${route}`, {
          runs: options.ttiRuns,
          cpuSlowdowns: TTI_CPU_SLOWDOWNS,
          contextOptions: MOBILE_CONTEXT,
        }),
      );
    } catch (error) {
      console.error(`TTI failed on ${route}: ${error.message}`);
      ttiResults.set(route, { hydrated: {}, steps: {} });
    }
  }

  // What this machine's Chromium needs for a plain document of the home page's size.
  let reference;
  try {
    const home = await fetch(`${baseUrl}/`, { headers: { "accept-encoding": "identity" } });
    reference = await medianPlainDocumentTime(browser, {
      bytes: (await home.text()).length,
      runs: options.ttiRuns,
      cpuSlowdowns: TTI_CPU_SLOWDOWNS,
      contextOptions: MOBILE_CONTEXT,
    });
  } catch (error) {
    console.error(`The plain reference document could not be measured: ${error.message}`);
  }

  const rows = routes.map((route) => {
    const summaries = runs.get(route);
    // Rounded as printed, so that the table and the target check agree.
    const pick = (key, digits = 0) => {
      const value = median(summaries.map((s) => s[key]));
      return value === null ? null : Number(value.toFixed(digits));
    };
    const violations = axeResults.get(route);
    const failedCounts = new Map();
    for (const summary of summaries) {
      for (const audit of summary.failed) {
        const key = `${audit.category}\0${audit.id}`;
        const entry = failedCounts.get(key) ?? { ...audit, runs: 0 };
        entry.runs += 1;
        failedCounts.set(key, entry);
      }
    }
    const row = {
      performance: pick("performance"),
      accessibility: pick("accessibility"),
      bestPractices: pick("bestPractices"),
      seo: pick("seo"),
      lighthouseSeo: pick("lighthouseSeo"),
      lcpSeconds: pick("lcpSeconds", 2) ?? NaN,
      cls: pick("cls", 3) ?? NaN,
      tbtMs: pick("tbtMs") ?? NaN,
      jsKb: pick("jsKb", 1) ?? NaN,
      tti1xSeconds: seconds(ttiResults.get(route).hydrated[1]),
      tti4xSeconds: seconds(ttiResults.get(route).hydrated[4]),
      axe: violations ? violations.length : null,
      violations: violations ?? [],
      failed: [...failedCounts.values()],
      runtimeErrors: [...new Set(summaries.map((s) => s.runtimeError).filter(Boolean))],
      warnings: [...new Set(summaries.flatMap((s) => s.warnings))],
      noindex: noindexPages.has(route),
    };
    return { route, row, missed: missedTargets(route, row) };
  });

  console.log("");
  printTable(rows);
  const benchmark = median(
    rows.flatMap(({ route }) => runs.get(route).map((s) => s.benchmarkIndex)),
  );
  console.log(
    `\nTargets: performance >= ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ${TARGETS.bestPractices}, SEO ${TARGETS.seo}, LCP <= ${TARGETS.lcpSeconds} s, CLS < ${TARGETS.clsBelow}, home page JS <= ${TARGETS.homeJsKb} KB, home page TTI at 4x CPU < ${TARGETS.homeTti4xSeconds} s, axe ${TARGETS.axe}.`,
  );
  console.log(
    "JS KB: script bytes as transferred (compressed, with headers) from the network-requests audit; KB = 1024 bytes." +
      (options.runs > 1 ? ` Medians of ${options.runs} runs.` : ""),
  );
  console.log(
    `TTI: navigation start to <html data-hydrated> on a first visit, CPU at full speed (1x) and slowed 4 times (4x), median of ${options.ttiRuns} run(s); the network is not throttled.`,
  );
  for (const { route, row } of rows.filter(({ row }) => row.noindex)) {
    console.log(
      `† ${route} is kept out of search engines on purpose: ${EXPECTED_TO_FAIL_ON_NOINDEX_PAGES.join(", ")} left out of its SEO score (Lighthouse's own: ${row.lighthouseSeo ?? "n/a"}).`,
    );
  }
  if (reference) {
    console.log(
      `TTI floor of this machine: a plain document of the home page's size (${Math.round(reference.bytes / 1024)} KB of paragraphs, no style, no script) reaches DOMContentLoaded in ${TTI_CPU_SLOWDOWNS.map((slowdown) => `${seconds(reference.times[slowdown])} s at ${slowdown}x`).join(" and ")}.`,
    );
  }
  // Where the home page's time to interactive goes (docs/decisions/016).
  const homeSteps = ttiResults.get("/")?.steps;
  for (const slowdown of TTI_CPU_SLOWDOWNS) {
    const step = homeSteps?.[slowdown];
    if (!step) continue;
    console.log(
      `TTI steps of the home page at ${slowdown}x (each a median): first contentful paint ${seconds(step.firstContentfulPaint)} s, document parsed ${seconds(step.documentParsed)} s, last script fetched ${seconds(step.scriptsFetched)} s, hydrated ${seconds(step.hydrated)} s.`,
    );
  }
  const version = runs.get(routes[0])?.[0]?.version ?? "";
  if (benchmark)
    console.log(
      `Lighthouse ${version}; benchmark index of this machine: ${Math.round(benchmark)} (the figures vary with the machine's load).`,
    );

  const failing = rows.filter(({ missed }) => missed.length);
  for (const { route, row, missed } of failing) {
    console.log(`\n${route} misses: ${missed.join("; ")}`);
    for (const category of CATEGORIES) {
      const audits = row.failed.filter((audit) => audit.category === category);
      if (!audits.length) continue;
      console.log(`  Lighthouse ${category}:`);
      for (const audit of audits) {
        const share = options.runs > 1 ? ` [${audit.runs}/${options.runs} runs]` : "";
        console.log(`    - ${audit.id} (${audit.detail})${share}`);
      }
    }
    if (row.violations.length) {
      console.log("  axe:");
      for (const violation of row.violations) {
        const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(" "));
        const more = violation.nodes.length > 3 ? ` and ${violation.nodes.length - 3} more` : "";
        console.log(
          `    - ${violation.id} (${violation.impact ?? "n/a"}, ${violation.nodes.length} node(s)): ${targets.join(", ")}${more}`,
        );
      }
    }
    for (const warning of row.warnings) console.log(`  Lighthouse warning: ${warning}`);
  }
  if (!failing.length) console.log("\nEvery page meets every target.");
  if (options.check && failing.length) exitCode = 1;
} catch (error) {
  console.error(
    `\nThe audit failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
  );
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
