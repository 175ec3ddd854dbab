import { isIP } from "node:net";

/**
 * The visitor's address. Behind a trusted reverse proxy (TRUST_PROXY) it is the first
 * address of X-Forwarded-For; otherwise the connection's own address, never a header a
 * client could forge.
 */
export function clientIp(
  request: Request,
  socketAddress: string | undefined,
  trustProxy: boolean,
): string | undefined {
  if (trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded && isIP(forwarded)) return forwarded;
  }
  if (!socketAddress) return undefined;
  // IPv4 clients of a dual-stack socket appear as ::ffff:a.b.c.d.
  return socketAddress.startsWith("::ffff:") ? socketAddress.slice(7) : socketAddress;
}
