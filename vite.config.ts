import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

/**
 * Client code only the staff area uses: its components and modules, every form schema but
 * those of the public forms (the consultation, the review and the giveaway entry), and the
 * schemas' helpers that stand on the full Zod (platform/ids).
 */
const STAFF_ONLY =
  /app[\\/](components[\\/]admin|modules[\\/](staff|audit|redirects)|modules[\\/]platform[\\/](list-query|ids)|modules[\\/]leads[\\/](lead-status-labels|lead-inbox\.schema)|modules[\\/]\w+[\\/](?!lead\.schema|leave-review\.schema|giveaway-entry\.schema)[\w-]+\.schema)/;

/**
 * V8 compiles a function when it is first called, on the main thread: while a page hydrates,
 * that is most of React's code. A chunk that starts with this comment has its functions
 * compiled as it downloads, on another thread (Chromium 136 and later; docs/decisions/016).
 * Every client chunk gets it but those a page loads once it is idle (the tracker and the bot
 * check), where nothing waits. The comment must open the file, so it goes in after Vite has
 * added its own preload helper to the top of chunks with dynamic imports. The file names,
 * hashed before this step, stay as they were: the comment changes nothing the code does.
 */
function compileHints(): Plugin {
  const idleChunks = new Set(["tracker", "bot-check"]);
  return {
    name: "compile-hints",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type === "chunk" && !idleChunks.has(output.name)) {
            output.code = `//# allFunctionsCalledOnLoad\n${output.code}`;
          }
        }
      },
    },
  };
}

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
                  // Zod's core, which both the staff area's full Zod and the consultation
                  // form's smaller build stand on: loaded by either, never by a page alone.
                  name: "zod",
                  test: /node_modules[\\/]zod[\\/]v4[\\/](core|locales)[\\/]|app[\\/]modules[\\/]platform[\\/]zod-config/,
                  priority: 25,
                },
                {
                  // The first-party tracker, loaded once the page is idle: at most 3 KB
                  // gzipped, which scripts/build.mjs checks (docs/decisions/013).
                  name: "tracker",
                  test: /app[\\/]modules[\\/]analytics[\\/]tracker[\\/]/,
                  priority: 16,
                },
                {
                  // The browser's bot check (the open-source BotD detector and our signals),
                  // loaded once the page is idle, never with the page.
                  name: "bot-check",
                  test: /node_modules[\\/]@fingerprintjs[\\/]botd[\\/]|app[\\/]modules[\\/]analytics[\\/](bot-detection|browser-signals)/,
                  priority: 16,
                },
                {
                  // Everything the shared layout needs, plus the building blocks most pages use;
                  // helpers of one or two pages, or that the home page does not draw (its
                  // script budget is tight), follow the pages that import them, as do the
                  // partner portal's components, the blog's listing parts, the QR code generator, the visualizer, the leave-review and
                  // giveaway forms, copying to the clipboard (the visualizer, the review thank-you and
                  // the portal), and the staff charts over recharts (loaded on first use by the
                  // analytics screen alone). Taken before the staff area's group, so shared parts stay here.
                  name: "shared",
                  test: (id: string) =>
                    /app[\\/](components|modules)[\\/]/.test(id) &&
                    !STAFF_ONLY.test(id) &&
                    !/legal-document|components[\\/]site[\\/]giveaway|modules[\\/]giveaways[\\/]|components[\\/]charts[\\/]|feature-list|analytics[\\/](tracker[\\/]|bot-detection|browser-signals)|demo-images\.generated|lead\.schema|platform[\\/]zod|components[\\/]affiliate[\\/]|modules[\\/]affiliates[\\/](affiliate-strings|affiliate-rules|referral-links)|qr-generator-tool|modules[\\/]qr[\\/]|components[\\/]visualizer[\\/]|leave-review|review-thank-you|copy-to-clipboard|seo[\\/](named-pages|blog-meta)|components[\\/]site[\\/]blog\.tsx/.test(
                      id,
                    ),
                  priority: 20,
                },
                {
                  // What the public QR generator shares with the staff area's QR codes
                  // (colour checks): a small chunk of its own, so the generator never
                  // loads the staff area's code.
                  name: "qr-links",
                  test: /app[\\/]modules[\\/]qr[\\/]qr-links/,
                  priority: 21,
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
    // The production server is the Hono app; React Router's build is bundled into it, as
    // one file: the dynamic imports that keep code out of public pages' downloads
    // (app/root.tsx, the consultation form) have no such use on the server.
    ssr: {
      build: {
        rollupOptions: { input: "./server/app.ts", output: { codeSplitting: false } },
      },
    },
  },
  ssr: {
    // PGlite ships its WebAssembly beside its JavaScript; keep it a runtime import.
    external: ["@electric-sql/pglite", "pg-boss", "pg", "pino", "pino-pretty"],
  },
  plugins: [tailwindcss(), reactRouter(), compileHints()],
});
