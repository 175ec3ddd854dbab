import { startServer } from "./support/server";
import { RECEIVER_SECRET, startWebhookReceiver } from "./support/webhook-receiver";

/**
 * One production server for the browser tests, on the throw-away DATA_DIR of the config,
 * delivering leads to a local webhook receiver. It trusts X-Forwarded-For so each test can
 * act as its own visitor address (the lead rate limit is per address).
 */
export default async function globalSetup() {
  const receiver = await startWebhookReceiver();
  process.env.E2E_RECEIVER_URL = receiver.url;
  const server = await startServer({
    port: Number(process.env.E2E_PORT),
    dataDir: process.env.E2E_DATA_DIR,
    env: {
      TRUST_PROXY: "true",
      LEAD_WEBHOOK_URL: `${receiver.url}/leads`,
      LEAD_WEBHOOK_SECRET: RECEIVER_SECRET,
    },
  });
  process.env.E2E_LOG_FILE = server.logFile;
  return async () => {
    const code = await server.stop("SIGTERM");
    await receiver.close();
    if (code !== 0) throw new Error(`The test server exited with code ${code} on SIGTERM`);
  };
}
