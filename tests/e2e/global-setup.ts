import { startServer } from "./support/server";

/** One production server for the browser tests, on the throw-away DATA_DIR of the config. */
export default async function globalSetup() {
  const server = await startServer({
    port: Number(process.env.E2E_PORT),
    dataDir: process.env.E2E_DATA_DIR,
  });
  process.env.E2E_LOG_FILE = server.logFile;
  return async () => {
    const code = await server.stop("SIGTERM");
    if (code !== 0) throw new Error(`The test server exited with code ${code} on SIGTERM`);
  };
}
