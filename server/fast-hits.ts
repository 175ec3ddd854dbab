import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import type { Config } from "~/modules/platform/config.server";
import { withoutBody } from "./body-limit";
import { visitorUrl } from "./forwarded";
import type { PageAnswer, PageRequest } from "./page-cache";

/**
 * Kept pages answered from the socket's own request, before Hono and React Router are
 * involved (docs/decisions/019-fast-page-hits.md). Building a web Request and Response,
 * running the middleware chain and copying the answer back to Node cost about three
 * times what sending the bytes does; during a TV spot nearly every request is such a hit.
 *
 * Only requests whose address every layer reads the same way are taken: anything unusual
 * goes the long way, where the cache answers it just the same.
 */

/** A path the URL parser keeps as sent: no dot segment, escape, query or doubled slash. */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_~-]+)*\/?$/;
/** A host name or IPv4 address with an optional port (IPv6 and the odd ones go the long way). */
const PLAIN_HOST = /^[A-Za-z0-9.-]{1,253}(?::\d{1,5})?$/;

/**
 * The request as the page cache reads it, or undefined when it must go the long way: a
 * method other than GET or HEAD, an unusual address, or a body (whose size only the long
 * way limits).
 */
export function pageRequestOfIncoming(
  incoming: IncomingMessage,
  config: Pick<Config, "trustProxy" | "publicUrl">,
): PageRequest | undefined {
  const method = incoming.method;
  if (method !== "GET" && method !== "HEAD") return undefined;
  const path = incoming.url ?? "";
  if (!PLAIN_PATH.test(path)) return undefined;
  if (!withoutBody(incoming)) return undefined;
  const host = incoming.headers.host;
  if (!host || !PLAIN_HOST.test(host)) return undefined;
  const scheme = (incoming.socket as Partial<TLSSocket>).encrypted ? "https" : "http";
  let url: URL;
  try {
    url = new URL(`${scheme}://${host}${path}`);
  } catch {
    return undefined;
  }
  // As a web Request reads them: every copy of a repeated header, joined.
  const header = (name: string) => incoming.headersDistinct[name.toLowerCase()]?.join(", ");
  return { method, url: visitorUrl(url, header, config), header };
}

/** Writes an answer from memory with the headers every answer of ours carries. */
export function sendAnswer(
  outgoing: ServerResponse,
  { status, headers, body }: PageAnswer,
  extraHeaders: [string, string][],
): void {
  const flat: string[] = [];
  for (const [name, value] of headers) flat.push(name, value);
  for (const [name, value] of extraHeaders) flat.push(name, value);
  outgoing.writeHead(status, flat);
  outgoing.end(body ?? undefined);
}
