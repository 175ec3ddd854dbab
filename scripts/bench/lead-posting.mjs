// Valid JSON consultation requests posted at a fixed rate: shared by bench:leads and
// bench:burst (which bench:memory runs). Each lead comes from its own address of 198.18.0.0/15 (X-Forwarded-For,
// believed with TRUST_PROXY=true), so the per-address limit stays out of the way.
import { Agent, request as httpRequest } from "node:http";
import { benchAddress } from "./lib.mjs";

// Longer than the server's own 10 s shutdown grace, so a slow answer is seen as slow, not lost.
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The senders' connections. With a timeout of its own, node's agent also honours the
 * server's "Keep-Alive: timeout=5" and lets an idle connection go a second before the
 * server does; without one it keeps idle connections forever and now and then sends a
 * request on one the server is closing that moment, which the client sees as a reset.
 */
export const leadAgent = () =>
  new Agent({ keepAlive: true, maxSockets: 256, timeout: REQUEST_TIMEOUT_MS });

export function leadBody(tag, n) {
  return JSON.stringify({
    firstName: "Avery",
    lastName: "Bench",
    email: `avery.${tag}.${n}@example.com`,
    phone: "6175550100",
    service: "Bathroom Remodeling",
    projectType: "Commercial",
    source: "Google",
    agreeToContact: true,
    utm_source: "google",
    utm_campaign: "bench",
  });
}

/**
 * One POST /api/leads of `body` from `address`; resolves with the status (or error), the
 * lead id and the latency. Options: `timeoutMs` (after which the answer counts as
 * "timeout"), extra `headers`.
 */
export function postLeadBody(baseUrl, agent, body, address, options = {}) {
  const { timeoutMs = REQUEST_TIMEOUT_MS, headers = {} } = options;
  const started = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest(
      `${baseUrl}/api/leads`,
      {
        method: "POST",
        agent,
        timeout: timeoutMs,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          ...headers,
          "x-forwarded-for": address,
        },
      },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => {
          let id;
          try {
            id = JSON.parse(Buffer.concat(chunks).toString("utf8")).id;
          } catch {
            // Not JSON: only the status counts.
          }
          resolve({ status: res.statusCode, id, ms: performance.now() - started });
        });
        res.on("error", (error) => resolve({ status: error.code ?? "error", ms: NaN }));
      },
    );
    req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "timeout" })));
    req.on("error", (error) => resolve({ status: error.code ?? "error", ms: NaN }));
    req.end(body);
  });
}

/** Lead number `n` of `tag`, from its own address. */
export const postLead = (baseUrl, agent, tag, n) =>
  postLeadBody(baseUrl, agent, leadBody(tag, n), benchAddress(n));

/**
 * Calls `send(i)` for i = 0 .. rate × seconds − 1, each at its own scheduled instant whether
 * or not earlier ones were answered (open loop: a slow answer does not slow the sender).
 * Resolves once all are answered.
 */
export async function sendPaced(rate, seconds, send) {
  const count = Math.round(rate * seconds);
  const intervalMs = 1000 / rate;
  const pending = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const wait = started + i * intervalMs - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(i));
  }
  const sendingMs = performance.now() - started;
  const results = await Promise.all(pending);
  return { results, sendingMs, elapsedMs: performance.now() - started };
}

/** Posts `rate` leads a second for `seconds`, numbered from `first` (see sendPaced). */
export const postPaced = (baseUrl, agent, tag, first, rate, seconds) =>
  sendPaced(rate, seconds, (i) => postLead(baseUrl, agent, tag, first + i));
