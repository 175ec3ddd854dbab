// Production build: React Router (client assets and the server bundle around
// server/app.ts), precompressed copies of static files, and build/server/start.js.
import { spawnSync } from "node:child_process";
import { copyFileSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import ts from "typescript";
import { ROOT, STAMP_FILE, START_FILE, sourceFingerprint } from "./lib/build-state.mjs";

const fingerprint = sourceFingerprint();

const result = spawnSync(path.join(ROOT, "node_modules", ".bin", "react-router"), ["build"], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
if (result.status !== 0) process.exit(result.status ?? 1);

// The analytics tracker is its own chunk of at most 3 KB gzipped (docs/decisions/013).
const TRACKER_BUDGET = 3 * 1024;
const assets = path.join(ROOT, "build", "client", "assets");
const trackerChunks = readdirSync(assets).filter((name) => /^tracker-[\w-]+\.js$/.test(name));
if (trackerChunks.length !== 1) {
  console.error(`expected one tracker chunk in build/client/assets, found ${trackerChunks.length}`);
  process.exit(1);
}
const trackerGzip = gzipSync(readFileSync(path.join(assets, trackerChunks[0])), {
  level: 9,
}).length;
console.log(`tracker chunk: ${trackerGzip} bytes gzipped (budget ${TRACKER_BUDGET})`);
if (trackerGzip > TRACKER_BUDGET) {
  console.error(`the tracker chunk is over its budget of ${TRACKER_BUDGET} bytes gzipped`);
  process.exit(1);
}

// The public site's pages never load the staff area's chunk, nor Zod with the page (the
// consultation form fetches its rules once the page is up) (vite.config.ts): a helper the
// staff screens share with a page, taken out of the shared chunk, once landed there and put
// 50 KB more script on the blog; one that stood on Zod, in the shared chunk, put 20 KB more
// on the home page (docs/decisions/007).
const manifestFile = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
const manifestText = readFileSync(path.join(assets, manifestFile), "utf8");
const { routes } = JSON.parse(
  manifestText.slice(manifestText.indexOf("=") + 1).replace(/;\s*$/, ""),
);
const publicRoutesWithStaffCode = Object.values(routes)
  .filter((route) => /^routes\/(_site|_seo)\/|^root$/.test(route.id))
  .filter((route) => route.imports?.some((file) => /\/(admin|zod)-[\w-]+\.js$/.test(file)))
  .map((route) => route.id);
if (publicRoutesWithStaffCode.length > 0) {
  console.error(
    `public pages load the staff area's or Zod's chunk: ${publicRoutesWithStaffCode.join(", ")}`,
  );
  process.exit(1);
}

// The home page's scripts open with V8's compile hint (vite.config.ts, docs/decisions/016):
// a Vite upgrade that put its preload helper above it would quietly take the hint away.
const homeScripts = [routes.root, routes["routes/_site/home"]]
  .flatMap((route) => [route.module, ...(route.imports ?? [])])
  .map((file) => path.basename(file));
const unhinted = [...new Set(homeScripts)].filter(
  (file) =>
    !readFileSync(path.join(assets, file), "utf8").startsWith("//# allFunctionsCalledOnLoad\n"),
);
if (unhinted.length > 0) {
  console.error(`the home page's scripts lack the compile hint: ${unhinted.join(", ")}`);
  process.exit(1);
}

// Brotli and gzip copies for the static server; only where they save bytes.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|ico|map)$/;
let compressed = 0;
function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}
for (const file of walk(path.join(ROOT, "build", "client"))) {
  // Even small modules are worth it: every page loads a few, and each saved byte is a
  // byte the phone does not wait for. Below this a compressed copy saves almost nothing.
  if (!COMPRESSIBLE.test(file) || statSync(file).size < 150) continue;
  const source = readFileSync(file);
  const br = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  const gz = gzipSync(source, { level: 9 });
  if (br.length < source.length) writeFileSync(`${file}.br`, br);
  if (gz.length < source.length) writeFileSync(`${file}.gz`, gz);
  compressed += 1;
}
console.log(`precompressed ${compressed} static files (brotli, gzip)`);

// server/index.ts only imports node built-ins and the bundle, so it is transpiled alone.
const entry = readFileSync(path.join(ROOT, "server", "index.ts"), "utf8");
const { outputText } = ts.transpileModule(entry, {
  compilerOptions: {
    module: ts.ModuleKind.ESNext,
    target: ts.ScriptTarget.ES2022,
    verbatimModuleSyntax: true,
  },
  fileName: "index.ts",
});
writeFileSync(START_FILE, outputText);
// The embedded database's thread runs this file as it is (docs/decisions/021); the bundle
// looks for it beside itself, as the source module does beside itself.
copyFileSync(
  path.join(ROOT, "app", "db", "pglite-thread.worker.mjs"),
  path.join(path.dirname(START_FILE), "pglite-thread.worker.mjs"),
);
writeFileSync(STAMP_FILE, `${fingerprint}\n`);
console.log(`wrote ${path.relative(ROOT, START_FILE)}`);
