import http from "node:http";
import type { StaffLogin } from "./staff";
import { randomTestAddress } from "./fixtures";

/**
 * HTTP requests with the path exactly as written (no client normalising "//", "%6c" or
 * "..") and bodies sent as they are, chunked when asked: how an attacker talks to us.
 */

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  /** Sent in one piece with a Content-Length, or chunk by chunk (Transfer-Encoding: chunked). */
  body?: string | Buffer | Buffer[];
  /** Pause between chunks, in ms. */
  chunkDelayMs?: number;
  timeoutMs?: number;
  /**
   * The address the connection comes from (any of 127.0.0.0/8 reaches loopback): the
   * visitor's address as a proxy in front of the server sees it.
   */
  localAddress?: string;
}

export function rawRequest(baseUrl: string, path: string, options: RawRequest = {}) {
  const base = new URL(baseUrl);
  return new Promise<RawAnswer>((resolve, reject) => {
    const chunked = Array.isArray(options.body);
    const request = http.request(
      {
        host: base.hostname === "localhost" ? "127.0.0.1" : base.hostname,
        port: base.port,
        method: options.method ?? "GET",
        path,
        headers: {
          Host: base.host,
          ...(chunked ? { "Transfer-Encoding": "chunked" } : {}),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 30_000,
        localAddress: options.localAddress,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer to ${path}`)));
    request.on("error", reject);
    void (async () => {
      if (Array.isArray(options.body)) {
        for (const chunk of options.body) {
          if (request.destroyed) return;
          // The server may answer (and close) before the whole body is sent: that is fine.
          request.write(chunk, () => {});
          if (options.chunkDelayMs) await new Promise((r) => setTimeout(r, options.chunkDelayMs));
        }
        request.end();
      } else {
        request.end(options.body);
      }
    })();
  });
}

/** Signs in through the sign-in form and returns the Cookie header for later requests. */
export async function staffCookie(baseUrl: string, login: StaffLogin): Promise<string> {
  const answer = await rawRequest(baseUrl, "/admin/login", {
    method: "POST",
    headers: {
      Origin: new URL(baseUrl).origin,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": randomTestAddress(),
    },
    body: new URLSearchParams({
      email: login.email,
      password: login.password,
      returnTo: "/admin/dashboard",
    }).toString(),
  });
  if (answer.status !== 302) throw new Error(`Sign-in as ${login.email} answered ${answer.status}`);
  const cookies = [answer.headers["set-cookie"] ?? []].flat();
  return cookies.map((cookie) => cookie.split(";")[0]).join("; ");
}
