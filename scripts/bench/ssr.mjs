// `npm run bench`: on one production server, the home page served from the page cache,
// the same page rendered for every request, and a static asset of similar size, beside a
// blog post, a redirected old address (a demo redirect rule, answered before any page
// renders) and /healthz. Pages are asked for as a browser does (its user agent, brotli).
// Prints requests per second, p50 and p99 latency, and the cached-to-static and
// uncached-to-static ratios (the target: a cached page at 0.8 times the static file or more).
// The uncached page is `/?render=bench`: a query string makes a request unshareable
// (server/app.ts), so each one renders the page; the script checks that it is the same page.
// Options: --duration=10 --connections=50
import { readdirSync, statSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { ROOT } from "../lib/build-state.mjs";
import { arg, BROWSER_HEADERS, ensureBuild, measure, printTable, startServer } from "./lib.mjs";

const options = {
  duration: Number(arg("duration", 10)),
  connections: Number(arg("connections", 50)),
};
const CACHED_TARGET = 0.8;
const UNCACHED_PATH = "/?render=bench";

/** One request as a browser sends it; the answer's headers tell whether the cache served it. */
async function probe(url) {
  const response = await fetch(url, { headers: BROWSER_HEADERS });
  const html = await response.text();
  return {
    status: response.status,
    html,
    fromCache: response.headers.has("etag") && response.headers.get("cache-control") === "no-cache",
  };
}

ensureBuild();
const server = await startServer();
try {
  // The first request renders the home page and keeps it; the next is served from memory.
  await probe(`${server.baseUrl}/`);
  const cached = await probe(`${server.baseUrl}/`);
  const uncached = await probe(`${server.baseUrl}${UNCACHED_PATH}`);
  if (cached.status !== 200 || !cached.fromCache) {
    throw new Error("The home page is not served from the page cache after a first request");
  }
  if (uncached.status !== 200 || uncached.fromCache) {
    throw new Error(`${UNCACHED_PATH} did not render the page (status ${uncached.status})`);
  }
  const samePage = uncached.html === cached.html;
  const htmlBytes = Buffer.byteLength(cached.html);

  // The built asset closest in (uncompressed) size to the home page.
  const assetsDir = path.join(ROOT, "build", "client", "assets");
  const asset = readdirSync(assetsDir)
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => ({ name, size: statSync(path.join(assetsDir, name)).size }))
    .sort((a, b) => Math.abs(a.size - htmlBytes) - Math.abs(b.size - htmlBytes))[0];

  console.log(
    `Home page: ${(htmlBytes / 1024).toFixed(1)} KB of HTML; static asset: /assets/${asset.name} (${(asset.size / 1024).toFixed(1)} KB).`,
  );
  console.log(
    `Uncached: ${UNCACHED_PATH} renders on every request (a query string is never shared); ` +
      (samePage
        ? "its HTML is the same as the cached page's."
        : `its HTML differs from the cached page's (${Buffer.byteLength(uncached.html)} against ${htmlBytes} bytes).`),
  );
  console.log(
    `${cpus().length} CPUs, load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")} (other work on the machine lowers every figure, the ratios less).`,
  );
  console.log(
    `autocannon: ${options.connections} connections, ${options.duration} s per target after a 2 s warm-up, ` +
      `a browser's user agent and Accept-Encoding (${BROWSER_HEADERS["accept-encoding"]}), no cookies.\n`,
  );

  const headers = BROWSER_HEADERS;
  const cachedPage = await measure(`${server.baseUrl}/`, { ...options, headers });
  const renderedPage = await measure(`${server.baseUrl}${UNCACHED_PATH}`, { ...options, headers });
  const staticAsset = await measure(`${server.baseUrl}/assets/${asset.name}`, {
    ...options,
    headers,
  });
  // The newest demo post, as the blog lists it.
  const blog = await (await fetch(`${server.baseUrl}/blog`)).text();
  const postPath = /href="(\/blog\/(?!category\/|author\/)[a-z0-9-]+)"/.exec(blog)?.[1];
  if (!postPath) throw new Error("No post linked from /blog");
  const post = await measure(`${server.baseUrl}${postPath}`, { ...options, headers });
  const redirected = await measure(`${server.baseUrl}/bathroom-remodeling`, {
    ...options,
    headers,
    redirect: true,
  });
  const health = await measure(`${server.baseUrl}/healthz`, options);

  printTable([
    { name: "home page / (page cache)", ...cachedPage },
    { name: `home page ${UNCACHED_PATH} (rendered)`, ...renderedPage },
    { name: "static asset", ...staticAsset },
    { name: `blog post ${postPath} (page cache)`, ...post },
    { name: "redirect /bathroom-remodeling (301)", ...redirected },
    { name: "/healthz", ...health },
  ]);

  const ratio = (page) => page.rps / staticAsset.rps;
  const latency = (page, p) => (page[p] / Math.max(staticAsset[p], 0.001)).toFixed(1);
  console.log(
    `\nCached-to-static: ${ratio(cachedPage).toFixed(2)} (requests per second); p50 ${latency(cachedPage, "p50")}x, p99 ${latency(cachedPage, "p99")}x the static latency.`,
  );
  console.log(
    `Uncached-to-static: ${ratio(renderedPage).toFixed(2)} (requests per second); p50 ${latency(renderedPage, "p50")}x, p99 ${latency(renderedPage, "p99")}x the static latency.`,
  );
  console.log(
    `Cached-to-uncached: ${(cachedPage.rps / renderedPage.rps).toFixed(1)}x the requests per second.`,
  );
  console.log(
    `Target, a cached page at ${CACHED_TARGET} times the static file's requests/s or more: ` +
      (ratio(cachedPage) >= CACHED_TARGET ? "holds." : "NOT MET."),
  );
} finally {
  await server.stop();
}
