import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { createRequestHandler, RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import { requestIdContext, runtimeContext, socketAddressContext } from "~/modules/platform/context";
import type { Runtime } from "~/modules/platform/runtime.server";
import { formTokenSetCookie, needsFormToken } from "~/modules/leads/form-token-cookie.server";
import { limitRequestBody, maxBodyBytes } from "./body-limit";
import { compressDynamic } from "./compression";
import { pageRequestOfIncoming, sendAnswer } from "./fast-hits";
import { visitorUrl, withForwardedOrigin } from "./forwarded";
import { createRenderTurns } from "./render-turns";
import { createPageCache, type PageAnswer, type PageCache, type PageRequest } from "./page-cache";

// What server/index.ts needs from this bundle, so both share one copy of every module.
export { ConfigError, loadConfig, loadDotEnv } from "~/modules/platform/config.server";
export { startRuntime, stopRuntime } from "~/modules/platform/runtime.server";
export { createLogger } from "~/modules/platform/logger.server";
export { superviseServerProcesses } from "./workers";

const CLIENT_DIR = fileURLToPath(new URL("../client", import.meta.url));
const READY_TIMEOUT_MS = 2000;
/** Pages rendered at once; more wait their turn (a render is mostly CPU on one thread). */
const RENDERS_AT_ONCE = 4;
/** A shared page is rendered again after this long, even if nothing said it changed. */
const PAGE_CACHE_TTL_MS = 60_000;

type Env = {
  Variables: { requestId: string };
  Bindings: { incoming?: IncomingMessage };
};

export interface ServerApp {
  app: Hono<Env>;
  /**
   * The server's request listener in front of `app`: a request for a kept page is answered
   * from memory (server/fast-hits.ts); any other goes `longWay`, to `app`.
   */
  answerKeptPage(
    incoming: IncomingMessage,
    outgoing: ServerResponse,
    longWay: (incoming: IncomingMessage, outgoing: ServerResponse) => void,
  ): void;
  /** Once set, /readyz answers 503 so load balancers stop sending new requests. */
  setDraining(): void;
  pageCache: PageCache;
}

/**
 * The HTTP layer: request ids and log lines, static files, compression and health
 * checks. Every page, guard and redirect is React Router's, so the development server
 * behaves the same.
 */
export function createServerApp(runtime: Runtime): ServerApp {
  const { logger, config } = runtime;
  const handleRequest = createRequestHandler(build, "production");
  const app = new Hono<Env>();
  let draining = false;

  /** The proxy's request id when trusted and well-formed, else a new one. */
  const requestIdOf = (header: string | undefined) => {
    const incoming = config.trustProxy ? header : undefined;
    return incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
  };
  const logRequest = (
    requestId: string,
    method: string,
    path: string,
    status: number,
    started: number,
  ) =>
    // Path only: query strings can carry personal data.
    logger.info(
      {
        reqId: requestId,
        method,
        path,
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );

  app.use(async (c, next) => {
    const requestId = requestIdOf(c.req.header("x-request-id"));
    c.set("requestId", requestId);
    const started = performance.now();
    await next();
    // Every answer, static or not: never let a browser guess another content type.
    c.res.headers.set("X-Content-Type-Options", "nosniff");
    if (isHashedAsset(c.req.path)) {
      // A file whose name changes with its content needs no validator or request id; every
      // byte of response headers counts against the page's transfer budget.
      c.res.headers.delete("Last-Modified");
    } else {
      c.header("X-Request-Id", requestId);
    }
    logRequest(requestId, c.req.method, c.req.path, c.res.status, started);
  });

  app.get("/healthz", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok" });
  });

  app.get("/readyz", async (c) => {
    c.header("Cache-Control", "no-store");
    if (draining) return c.json({ status: "draining" }, 503);
    const check = async (probe: () => Promise<void>) => {
      try {
        await withTimeout(probe(), READY_TIMEOUT_MS);
        return "ok" as const;
      } catch {
        return "failing" as const;
      }
    };
    const [database, jobs] = await Promise.all([
      check(() => runtime.database.ping()),
      check(() => runtime.jobs.ping()),
    ]);
    const ready = database === "ok" && jobs === "ok";
    return c.json({ status: ready ? "ready" : "not ready", database, jobs }, ready ? 200 : 503);
  });

  // Hashed build output never changes under the same name.
  app.use(
    "/assets/*",
    serveStatic({
      root: CLIENT_DIR,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  // Content images carry a hash of their bytes in the name (app/modules/media/pipeline.server.ts).
  app.use(
    "/media/*",
    serveStatic({
      root: CLIENT_DIR,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  // The public files (favicon, icons, manifest, og/...) are the top of CLIENT_DIR, fixed at
  // build time. A page's address starts with none of their names, so a page view is spared
  // a failed file lookup (measured with `npm run bench`).
  const publicNames = new Set(readdirSync(CLIENT_DIR));
  const servePublic = serveStatic({
    root: CLIENT_DIR,
    precompressed: true,
    onFound: (_path, c) => {
      c.header("Cache-Control", "public, max-age=3600");
    },
  });
  app.use("*", (c, next) => {
    const first = c.req.path.split("/", 2)[1] ?? "";
    // A name spelt with escapes is looked up as before.
    return publicNames.has(first) || first.includes("%") ? servePublic(c, next) : next();
  });

  // Before any route reads a body: the limit holds for every method and framing.
  app.use(limitRequestBody({ maxBytes: maxBodyBytes }));
  app.use(compressDynamic());
  const pageCache = createPublicPageCache(runtime);
  app.use(pageCache.middleware);

  // A flood of pages the cache cannot share (a campaign's tracking parameters) is answered
  // in turn instead of some waiting many seconds; form posts are not held back.
  const renderInTurn = createRenderTurns(RENDERS_AT_ONCE);
  app.all("*", (c) => {
    const context = new RouterContextProvider();
    context.set(requestIdContext, c.get("requestId"));
    context.set(runtimeContext, runtime);
    context.set(socketAddressContext, c.env?.incoming?.socket?.remoteAddress);
    // React Router refuses an action whose Origin is not the request URL's origin.
    return renderInTurn(c.req.method, () =>
      handleRequest(withForwardedOrigin(c.req.raw, config), context),
    );
  });

  app.onError((err, c) => {
    logger.error({ reqId: c.get("requestId"), path: c.req.path, err }, "unhandled error");
    return c.text("Internal Server Error", 500);
  });

  const answerKeptPage: ServerApp["answerKeptPage"] = (incoming, outgoing, longWay) => {
    const started = performance.now();
    let request: PageRequest | undefined;
    let fromMemory;
    try {
      request = pageRequestOfIncoming(incoming, config);
      fromMemory = request && pageCache.answerFromMemory(request);
    } catch (err) {
      logger.error({ err }, "page cache lookup failed");
    }
    if (!request || !fromMemory) {
      longWay(incoming, outgoing);
      return;
    }
    const requestId = requestIdOf(request.header("x-request-id"));
    const send = (answer: PageAnswer) => {
      sendAnswer(outgoing, answer, [
        ["x-content-type-options", "nosniff"],
        ["x-request-id", requestId],
      ]);
      logRequest(requestId, incoming.method ?? "GET", incoming.url ?? "/", answer.status, started);
    };
    if (fromMemory instanceof Promise) void fromMemory.then(send);
    else send(fromMemory);
  };

  return {
    app,
    answerKeptPage,
    setDraining: () => {
      draining = true;
    },
    pageCache,
  };
}

/**
 * Public pages shared by visitors without a session (docs/decisions/015-page-cache.md),
 * emptied whenever any instance records a change a page may show.
 */
function createPublicPageCache(runtime: Runtime): PageCache {
  const { config, logger } = runtime;
  const cache = createPageCache({
    maxBytes: config.pageCacheMegabytes * 1024 * 1024,
    ttlMs: PAGE_CACHE_TTL_MS,
    pageRequestOf: (c: Context<Env>): PageRequest => {
      const header = (name: string) => c.req.header(name);
      return { method: c.req.method, url: visitorUrl(new URL(c.req.url), header, config), header };
    },
    isShareableRequest: ({ url, header }) => {
      if (url.search !== "" || url.pathname.endsWith(".data")) return false;
      // Staff and partners may see their own state; they are few.
      if (/\.session_token=/.test(header("cookie") ?? "")) return false;
      // A landing from another site is a marketing touch the app records and answers with a cookie.
      const referer = header("referer");
      return !referer || refererHost(referer) === url.host;
    },
    keyOf: ({ url }) => url.origin + url.pathname,
    // As the app gives it with a page it renders (modules/platform/middleware.server.ts).
    visitorHeaders: ({ method, header }) =>
      method === "GET" && needsFormToken(header("cookie"), config.authSecret)
        ? [
            [
              "Set-Cookie",
              formTokenSetCookie(config.authSecret, config.publicUrl.protocol === "https:"),
            ],
          ]
        : [],
  });
  if (runtime.contentChanges.listening) {
    runtime.contentChanges.subscribe(() => cache.clear());
  } else {
    // Without word of changes, a kept page could stay stale: keep none.
    logger.warn("the page cache is off: content changes cannot be heard");
    cache.disable();
  }
  return cache;
}

function refererHost(referer: string): string | undefined {
  try {
    return new URL(referer).host;
  } catch {
    return undefined;
  }
}

const isHashedAsset = (path: string) => path.startsWith("/assets/") || path.startsWith("/media/");

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
