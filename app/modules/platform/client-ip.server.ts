import { isIP } from "node:net";

/** IPv4 clients of a dual-stack socket appear as ::ffff:a.b.c.d. */
const unmapped = (address: string) =>
  address.toLowerCase().startsWith("::ffff:") && isIP(address.slice(7)) === 4
    ? address.slice(7)
    : address;

/**
 * The visitor's address. With no trusted proxy (trustProxy 0) it is the connection's own
 * address, never a header a client could forge. Behind `trustProxy` proxies it is the
 * X-Forwarded-For entry the outermost trusted proxy appended: each proxy appends the
 * address it was reached from, so counting from the right past our own proxies skips
 * anything the client wrote itself at the left.
 */
export function clientIp(
  request: Request,
  socketAddress: string | undefined,
  trustProxy: number,
): string | undefined {
  const socket = socketAddress ? unmapped(socketAddress) : undefined;
  if (trustProxy <= 0) return socket;
  const forwarded = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // The chain as seen from here: [...X-Forwarded-For, the connection]; each trusted hop
  // vouches for the entry before it. Fewer entries than hops: the leftmost is what we have.
  const chain = [...forwarded, ...(socket ? [socket] : [])];
  const index = Math.max(0, chain.length - 1 - trustProxy);
  const candidate = chain[index];
  if (candidate && isIP(unmapped(candidate))) return unmapped(candidate);
  return socket;
}

/**
 * The last value of a header a proxy sets (X-Forwarded-Proto, X-Forwarded-Host): a proxy
 * that appends puts its own value last; anything before it came from further out.
 */
export function lastHeaderValue(request: Request, name: string): string | undefined {
  return lastListValue(request.headers.get(name) ?? undefined);
}

/** The last item of a header's comma-separated value, as `lastHeaderValue` reads it. */
export function lastListValue(value: string | undefined): string | undefined {
  return value?.split(",").pop()?.trim() || undefined;
}
