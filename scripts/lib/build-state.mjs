// Whether build/ matches the sources: a fingerprint of every input file's size and
// modification time, written by the build and compared by `npm start`.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const STAMP_FILE = path.join(ROOT, "build", ".fingerprint");
export const START_FILE = path.join(ROOT, "build", "server", "start.js");

const INPUT_DIRS = ["app", "server", "public", "drizzle"];
const INPUT_FILES = [
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

export function sourceFingerprint() {
  const hash = createHash("sha256");
  const files = [];
  for (const dir of INPUT_DIRS) {
    const full = path.join(ROOT, dir);
    if (existsSync(full)) files.push(...walk(full));
  }
  for (const file of INPUT_FILES) {
    const full = path.join(ROOT, file);
    if (existsSync(full)) files.push(full);
  }
  for (const file of files.sort()) {
    const stat = statSync(file);
    hash.update(`${path.relative(ROOT, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest("hex");
}

export function buildIsCurrent() {
  if (!existsSync(START_FILE) || !existsSync(STAMP_FILE)) return false;
  return readFileSync(STAMP_FILE, "utf8").trim() === sourceFingerprint();
}
