/**
 * Starts the production server from the build (build/server/start.js after `npm run build`):
 * validates the configuration, starts the services, serves HTTP, and shuts down
 * gracefully on SIGTERM and SIGINT.
 */
import { getRequestListener } from "@hono/node-server";
import cluster from "node:cluster";
import { createServer } from "node:http";

import type * as ServerBundleModule from "./app";

type ServerBundle = typeof ServerBundleModule;

const SHUTDOWN_GRACE_MS = 10_000;

// React and other libraries pick their production code from NODE_ENV at import time.
process.env.NODE_ENV ??= "production";

async function main(): Promise<void> {
  const bundle: ServerBundle = await import(new URL("./index.js", import.meta.url).href);

  let config;
  try {
    bundle.loadDotEnv();
    config = bundle.loadConfig();
  } catch (error) {
    if (error instanceof bundle.ConfigError) {
      for (const line of error.lines) console.error(line);
      process.exit(1);
    }
    throw error;
  }

  if (config.serverProcesses > 1 && cluster.isPrimary) {
    bundle.superviseServerProcesses(
      config.serverProcesses,
      bundle.createLogger({ level: config.logLevel }),
    );
    return;
  }

  const runtime = await bundle.startRuntime(config);
  const { logger } = runtime;
  const { app, answerKeptPage, setDraining } = bundle.createServerApp(runtime);

  // Kept pages are answered before a request becomes a web Request (server/fast-hits.ts).
  const appListener = getRequestListener(app.fetch, { hostname: config.host });
  const server = createServer((incoming, outgoing) =>
    answerKeptPage(incoming, outgoing, appListener),
  );
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    logger.info({ port, url: config.publicUrl.origin }, "listening");
    // With several server processes, the first one started says it for all of them.
    if (cluster.isWorker && cluster.worker?.id !== 1) return;
    console.log(`Serving on ${config.publicUrl.origin}`);
    // Every start, not only the first: the address is what people forget between runs.
    // The embedded database must be let go before admin:create may open it.
    const recover = `${config.databaseUrl ? "" : "stop the server, then "}\`npm run admin:create -- --email <address> --role admin\``;
    console.log(
      `Staff sign-in: ${new URL("/admin/login", config.publicUrl).toString()} (password lost? ${recover})`,
    );
  });
  // A client that trickles its headers or body is cut off instead of holding a connection.
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;
  server.on("error", (err) => {
    logger.fatal({ err }, "server error");
    process.exit(1);
  });

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    setDraining();
    // Past the grace period, open connections are cut so the process can still exit.
    const force = setTimeout(() => {
      logger.warn("requests still open after the grace period; closing them");
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS - 1500);
    force.unref();
    // Stops accepting; resolves once in-flight requests have finished.
    server.close(async () => {
      clearTimeout(force);
      try {
        await bundle.stopRuntime();
        logger.info("stopped");
        process.exit(0);
      } catch (err) {
        logger.error({ err }, "error while stopping");
        process.exit(1);
      }
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error: unknown) => {
  console.error("The server could not start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
