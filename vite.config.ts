import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/** Client code only the staff area uses. */
const STAFF_ONLY =
  /app[\\/](components[\\/]admin|modules[\\/](staff|audit)|modules[\\/]leads[\\/]lead-display|modules[\\/]settings[\\/]settings\.schema)/;

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // A few well-compressed chunks instead of dozens of tiny ones: the framework, and
            // the components and modules pages share. Each route stays its own lazy chunk.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/,
                  priority: 30,
                },
                {
                  // Everything the shared layout needs, plus the building blocks most pages use;
                  // helpers of one or two pages follow the pages that import them. Taken
                  // before the staff area's group, so shared parts stay here.
                  name: "shared",
                  test: (id: string) =>
                    /app[\\/](components|modules)[\\/]/.test(id) &&
                    !STAFF_ONLY.test(id) &&
                    !/legal-document|demo-images\.generated|lead\.schema|lead-rule-messages|privacy-dialog|mobile-menu/.test(
                      id,
                    ),
                  priority: 20,
                },
                {
                  // The staff area's own code stays out of what public pages load.
                  name: "admin",
                  test: STAFF_ONLY,
                  priority: 10,
                },
              ],
            },
          },
        },
      },
    },
    // The production server is the Hono app; React Router's build is bundled into it.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  ssr: {
    // PGlite ships its WebAssembly beside its JavaScript; keep it a runtime import.
    external: ["@electric-sql/pglite", "pg-boss", "pg", "pino", "pino-pretty"],
  },
  plugins: [tailwindcss(), reactRouter()],
});
