// `npm start`: builds when build/ is missing or older than the sources, then serves.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildIsCurrent, ROOT, START_FILE } from "./lib/build-state.mjs";

if (!buildIsCurrent()) {
  console.log("Building the production bundle (first start or sources changed)...");
  const result = spawnSync(process.execPath, [path.join(ROOT, "scripts", "build.mjs")], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(START_FILE).href);
