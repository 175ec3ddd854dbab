import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Which addresses a webhook may be sent to. Staff choose the endpoints, so without this a
 * webhook could reach services inside the server's own network (an admin interface on
 * loopback, a database, the cloud metadata service) and the test button would tell which
 * ports answer.
 */

export const PRIVATE_TARGET_REFUSED =
  "refused: the endpoint resolves to a private or loopback address (set WEBHOOK_ALLOW_PRIVATE_TARGETS=true for receivers on an internal network)";
export const METADATA_TARGET_REFUSED =
  "refused: the endpoint is a cloud metadata service, which never receives webhooks";

/** Loopback, private, link-local, unspecified and carrier-grade NAT ranges. */
const privateRanges = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", with the unspecified 0.0.0.0 (which reaches loopback)
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const) {
  privateRanges.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128],
  ["::", 96], // IPv4-compatible (deprecated) forms
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated, still internal)
  ["64:ff9b:1::", 48], // NAT64 for local use
] as const) {
  privateRanges.addSubnet(network, prefix, "ipv6");
}

/** The NAT64 well-known prefix: the last 32 bits are an IPv4 address the gateway reaches. */
const nat64 = new BlockList();
nat64.addSubnet("64:ff9b::", 96, "ipv6");

/** Always refused, even when private targets are allowed: no receiver lives there. */
const metadataAddresses = new BlockList();
for (const address of ["169.254.169.254", "169.254.170.2", "100.100.100.200"]) {
  metadataAddresses.addAddress(address, "ipv4");
}
metadataAddresses.addAddress("fd00:ec2::254", "ipv6");

const METADATA_HOST_NAMES = new Set([
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "instance-data",
  "instance-data.ec2.internal",
]);

/**
 * Why a webhook may not be sent to this IP address, or null when it may. IPv4-mapped IPv6
 * forms (::ffff:127.0.0.1) count as the IPv4 address they carry.
 */
export function addressRefusal(address: string, allowPrivateTargets: boolean): string | null {
  const family = isIP(address);
  if (family === 0) return PRIVATE_TARGET_REFUSED; // not an address: nothing to vouch for
  const type = family === 4 ? "ipv4" : "ipv6";
  const embedded = type === "ipv6" && nat64.check(address, "ipv6") ? embeddedIpv4(address) : null;
  if (embedded) return addressRefusal(embedded, allowPrivateTargets);
  if (metadataAddresses.check(address, type)) return METADATA_TARGET_REFUSED;
  if (allowPrivateTargets) return null;
  return privateRanges.check(address, type) ? PRIVATE_TARGET_REFUSED : null;
}

/**
 * Why a webhook may not be sent to the host of this URL as written (a metadata name or a
 * literal IP address), or null. A name is checked again on each address it resolves to.
 */
export function hostRefusal(hostname: string, allowPrivateTargets: boolean): string | null {
  const host = hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();
  if (METADATA_HOST_NAMES.has(host)) return METADATA_TARGET_REFUSED;
  return isIP(host) ? addressRefusal(host, allowPrivateTargets) : null;
}

/**
 * Why staff may not save an endpoint at this URL, or null: what the host as written already
 * tells (an address, a metadata name, or a name under "localhost", which always means this
 * machine). Other names are checked on every delivery, against the addresses they resolve to
 * then; resolving them here too would hold up the save on a slow or absent resolver.
 */
export function endpointRefusal(url: string, allowPrivateTargets: boolean): string | null {
  const { hostname } = new URL(url);
  const host = hostname.replace(/\.$/, "").toLowerCase();
  if (!allowPrivateTargets && (host === "localhost" || host.endsWith(".localhost"))) {
    return PRIVATE_TARGET_REFUSED;
  }
  return hostRefusal(hostname, allowPrivateTargets);
}

/** Thrown from the connection's lookup, so the request ends before any connection is made. */
export class RefusedTargetError extends Error {
  readonly code = "ERR_WEBHOOK_TARGET_REFUSED";
  constructor(message: string) {
    super(message);
    this.name = "RefusedTargetError";
  }
}

/**
 * A `lookup` for node:http(s) requests that resolves the name and refuses the connection
 * when any of its addresses is not allowed. The socket connects to the addresses checked
 * here, so a name that changes its answer between a check and the connection (DNS
 * rebinding) gets nowhere.
 */
export function guardedLookup(allowPrivateTargets: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const refusal = addresses
        .map((entry) => addressRefusal(entry.address, allowPrivateTargets))
        .find((reason) => reason !== null);
      if (refusal) return callback(new RefusedTargetError(refusal), "", 0);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(new RefusedTargetError(PRIVATE_TARGET_REFUSED), "", 0);
      return callback(null, first.address, first.family);
    });
  };
}

/** The IPv4 address in the last 32 bits of an IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const groups = ipv6Groups(address);
  if (!groups) return null;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** The eight 16-bit groups of an IPv6 address (with or without a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  const missing = 8 - start.length - end.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  return [...start, ...Array<number>(missing).fill(0), ...end];
}
