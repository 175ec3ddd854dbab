import { config } from "zod/v4/core";

/**
 * In the browser, Zod would try `new Function` to compile its object checks; the page's
 * CSP forbids that and the browser reports even the attempt as a violation. Zod makes that
 * attempt when the first object schema is built, so this runs before any schema module:
 * they import Zod through ./zod.ts and ./zod-mini.ts, which import this first.
 * The server keeps the faster compiled checks.
 */
if (typeof document !== "undefined") config({ jitless: true });
