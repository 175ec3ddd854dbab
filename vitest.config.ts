import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit and integration tests beside the code; the browser tests are Playwright's (tests/e2e).
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: [
      "app/**/*.test.ts",
      "app/**/*.test.tsx",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    environment: "node",
    // Vitest's default leaves one core free: one worker on a 2-core machine. The integration
    // tests wait on their databases, timers and password hashes as much as they compute, so
    // one worker more than cores keeps the cores busy (on a 2-core machine, PGlite suite:
    // 305 s with one worker, 229 s with two; later, on a slower one, 158 s with two and
    // 141 s with three; PostgreSQL suite 104 s and 98 s).
    maxWorkers: availableParallelism() + 1,
    // Test files share their worker's modules instead of importing them afresh: PGlite's
    // WebAssembly is compiled once per worker, not once per file (PGlite suite 167 s to 91 s,
    // PostgreSQL suite 91 s to 61 s). Safe because no test mocks modules or changes globals;
    // each file makes its own database.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
