// `npm run bench`: the server-rendered home page against a static asset of similar size
// served by the same process, beside a blog post, a redirected old address (a demo
// redirect rule, answered before any page renders) and /healthz. Prints requests per second, p50 and p99
// latency, and the SSR-to-static ratio. Options: --duration=10 --connections=10
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../lib/build-state.mjs";
import { arg, ensureBuild, measure, printTable, startServer } from "./lib.mjs";

const options = {
  duration: Number(arg("duration", 10)),
  connections: Number(arg("connections", 10)),
};
// What a browser sends: compressed answers preferred.
const headers = { "accept-encoding": "br, gzip" };

ensureBuild();
const server = await startServer();
try {
  const html = await (await fetch(`${server.baseUrl}/`)).text();
  const htmlBytes = Buffer.byteLength(html);

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
    `autocannon: ${options.connections} connections, ${options.duration} s per target after a 2 s warm-up, Accept-Encoding: br, gzip.\n`,
  );

  const ssr = await measure(`${server.baseUrl}/`, { ...options, headers });
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
    { name: "SSR home page /", ...ssr },
    { name: "static asset", ...staticAsset },
    { name: `blog post ${postPath}`, ...post },
    { name: "redirect /bathroom-remodeling (301)", ...redirected },
    { name: "/healthz", ...health },
  ]);
  console.log(
    `\nSSR-to-static ratio: ${(ssr.rps / staticAsset.rps).toFixed(2)} (requests per second); p50 ${(ssr.p50 / Math.max(staticAsset.p50, 0.001)).toFixed(1)}x the static latency.`,
  );
} finally {
  await server.stop();
}
