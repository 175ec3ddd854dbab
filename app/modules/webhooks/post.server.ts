import { request as httpRequest, type OutgoingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { signatureHeader } from "./signature.server";
import { guardedLookup, hostRefusal, RefusedTargetError } from "./target-guard.server";

/** How long one POST may take before it counts as failed. */
const WEBHOOK_TIMEOUT_MS = 10_000;
const WEBHOOK_USER_AGENT = "LumenBath-Webhooks/1";
const MAX_ERROR_LENGTH = 500;

/** One signed webhook request: a lead delivery's attempt or the staff area's test. */
export interface WebhookPost {
  url: URL;
  /** X-Lumen-Event. */
  event: string;
  body: string;
  /** Signs the body when set. */
  secret: string | null;
  /** The same on every attempt of a delivery, so a receiver can drop repeats. */
  idempotencyKey: string;
  attempt: number;
}

export interface WebhookPostOptions {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: loopback and private addresses may be targets. */
  allowPrivateTargets: boolean;
  timeoutMs?: number;
  /** Aborted when the process stops: the request ends at once. */
  signal?: AbortSignal;
}

export interface WebhookPostResult {
  /** HTTP status, or null when no answer came. */
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** Refused before connecting because of where the endpoint points: retrying cannot help. */
  refused: boolean;
}

/** Why an endpoint whose address `webhookUrl` rejects is not posted to. */
export const INVALID_WEBHOOK_URL = "the endpoint URL is not a valid http(s) URL";

/** The URL when it is a valid http(s) URL, else null. */
export function webhookUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * POSTs one signed webhook. A 2xx answer is success; anything else, including a redirect
 * (never followed: the receiver's address is configured, not negotiated), is an error.
 */
export async function postWebhook(
  post: WebhookPost,
  options: WebhookPostOptions,
): Promise<WebhookPostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // A literal IP address is never looked up, so it is checked here; names at connect time.
  const refusal = hostRefusal(post.url.hostname, options.allowPrivateTargets);
  if (refusal) return { statusCode: null, durationMs: elapsed(), error: refusal, refused: true };

  const timestamp = Math.floor(Date.now() / 1000);
  const headers: OutgoingHttpHeaders = {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(post.body),
    "User-Agent": WEBHOOK_USER_AGENT,
    "X-Lumen-Event": post.event,
    "X-Lumen-Timestamp": String(timestamp),
    "Idempotency-Key": post.idempotencyKey,
    "X-Lumen-Delivery-Attempt": String(post.attempt),
  };
  if (post.secret)
    headers["X-Lumen-Signature"] = signatureHeader(post.secret, timestamp, post.body);

  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const lookup = guardedLookup(options.allowPrivateTargets);
    const answer = await send(post.url, headers, post.body, signal, lookup);
    const ok = answer.status >= 200 && answer.status < 300;
    const statusText = answer.statusText ? ` ${answer.statusText}` : "";
    return {
      statusCode: answer.status,
      durationMs: elapsed(),
      error: ok ? null : clip(`HTTP ${answer.status}${statusText}`),
      refused: false,
    };
  } catch (error) {
    const durationMs = elapsed();
    if (error instanceof RefusedTargetError) {
      return { statusCode: null, durationMs, error: error.message, refused: true };
    }
    let message: string;
    if (timeout.aborted) message = `no answer within ${timeoutMs / 1000} s`;
    else if (options.signal?.aborted) message = "interrupted: the server was shutting down";
    else message = error instanceof Error ? error.message : String(error);
    return { statusCode: null, durationMs, error: clip(message), refused: false };
  }
}

/**
 * One request on a connection of its own (no pooled keep-alive socket), so every attempt
 * goes through the guarded lookup. Resolves with the answer's status line.
 */
function send(
  url: URL,
  headers: OutgoingHttpHeaders,
  body: string,
  signal: AbortSignal,
  lookup: LookupFunction,
): Promise<{ status: number; statusText: string }> {
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: "POST", headers, signal, agent: false, lookup },
      (response) => {
        resolve({ status: response.statusCode ?? 0, statusText: response.statusMessage ?? "" });
        // Only the status matters: the body goes with the connection. A receiver breaking
        // off mid-body must not raise an unhandled error.
        response.on("error", () => {});
        response.destroy();
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

const clip = (text: string) =>
  text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
