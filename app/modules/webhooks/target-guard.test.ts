import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import {
  addressRefusal,
  guardedLookup,
  hostRefusal,
  METADATA_TARGET_REFUSED,
  PRIVATE_TARGET_REFUSED,
  RefusedTargetError,
} from "./target-guard.server";

const PRIVATE = [
  // loopback
  "127.0.0.1",
  "127.255.255.255",
  "::1",
  // private
  "10.0.0.0",
  "10.255.255.255",
  "172.16.0.0",
  "172.31.255.255",
  "192.168.0.0",
  "192.168.255.255",
  "fc00::1",
  "fdff:ffff:ffff::1",
  // link-local
  "169.254.0.1",
  "169.254.255.255",
  "fe80::1",
  "febf:ffff::1",
  // unspecified and "this network"
  "0.0.0.0",
  "0.255.255.255",
  "::",
  // carrier-grade NAT
  "100.64.0.0",
  "100.127.255.255",
  // IPv4-mapped, IPv4-compatible and NAT64 forms of the above
  "::ffff:127.0.0.1",
  "::ffff:7f00:1",
  "::ffff:10.0.0.1",
  "::ffff:172.16.0.1",
  "::ffff:192.168.1.1",
  "::ffff:100.64.0.1",
  "::ffff:0.0.0.0",
  "::127.0.0.1",
  "64:ff9b::7f00:1",
  "64:ff9b::10.0.0.1",
];

const PUBLIC = [
  "8.8.8.8",
  "203.0.113.9",
  "9.255.255.255",
  "11.0.0.0",
  "126.255.255.255",
  "128.0.0.0",
  "172.15.255.255",
  "172.32.0.0",
  "192.167.255.255",
  "192.169.0.0",
  "169.253.255.255",
  "169.255.0.0",
  "100.63.255.255",
  "100.128.0.0",
  "1.0.0.0",
  "2606:4700:4700::1111",
  "fbff:ffff::1",
  "fe7f:ffff::1",
  "::ffff:8.8.8.8",
  "::ffff:ac0f:ffff",
  "64:ff9b::808:808",
];

const METADATA = ["169.254.169.254", "::ffff:169.254.169.254", "fd00:ec2::254", "100.100.100.200"];

describe("addressRefusal", () => {
  it.each(PRIVATE)("refuses %s by default", (address) => {
    expect(addressRefusal(address, false)).toBe(PRIVATE_TARGET_REFUSED);
  });

  it.each(PUBLIC)("allows %s", (address) => {
    expect(addressRefusal(address, false)).toBeNull();
  });

  it.each(PRIVATE)("allows %s when private targets are allowed", (address) => {
    expect(addressRefusal(address, true)).toBeNull();
  });

  it.each(METADATA)(
    "refuses the metadata address %s even when private ones are allowed",
    (address) => {
      expect(addressRefusal(address, false)).toBe(METADATA_TARGET_REFUSED);
      expect(addressRefusal(address, true)).toBe(METADATA_TARGET_REFUSED);
    },
  );

  it("refuses what is not an address at all", () => {
    expect(addressRefusal("not-an-address", true)).toBe(PRIVATE_TARGET_REFUSED);
  });
});

describe("hostRefusal", () => {
  it("checks a URL's literal address, in every spelling the URL parser accepts", () => {
    for (const url of [
      "http://127.0.0.1/",
      "http://2130706433/",
      "http://0x7f.0.0.1/",
      "http://127.1/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://[0:0:0:0:0:ffff:7f00:1]/",
      "http://0.0.0.0/",
      "http://10.0.0.1:8080/",
    ]) {
      expect(hostRefusal(new URL(url).hostname, false), url).toBe(PRIVATE_TARGET_REFUSED);
    }
    expect(hostRefusal(new URL("http://[::1]/").hostname, true)).toBeNull();
    expect(hostRefusal(new URL("https://203.0.113.9/").hostname, false)).toBeNull();
  });

  it("refuses the metadata services' names, always", () => {
    for (const host of ["metadata.google.internal", "METADATA.Google.Internal.", "metadata"]) {
      expect(hostRefusal(host, false), host).toBe(METADATA_TARGET_REFUSED);
      expect(hostRefusal(host, true), host).toBe(METADATA_TARGET_REFUSED);
    }
  });

  it("leaves other names to the lookup at connect time", () => {
    expect(hostRefusal("hooks.example.com", false)).toBeNull();
    expect(hostRefusal("localhost", false)).toBeNull();
  });
});

describe("guardedLookup", () => {
  type Answer = { error: NodeJS.ErrnoException | null; address: string | LookupAddress[] };
  const lookup = (allowPrivate: boolean, hostname: string, all: boolean) =>
    new Promise<Answer>((resolve) => {
      guardedLookup(allowPrivate)(hostname, { all }, (error, address) =>
        resolve({ error, address }),
      );
    });

  it("refuses a name that resolves to loopback, whether one or all addresses are asked for", async () => {
    for (const all of [false, true]) {
      const { error } = await lookup(false, "localhost", all);
      expect(error).toBeInstanceOf(RefusedTargetError);
      expect(error?.message).toBe(PRIVATE_TARGET_REFUSED);
    }
  });

  it("answers as dns.lookup does when private targets are allowed", async () => {
    expect((await lookup(true, "localhost", false)).address).toMatch(/^(127\.0\.0\.1|::1)$/);
    const { error, address } = await lookup(true, "localhost", true);
    expect(error).toBeNull();
    expect(Array.isArray(address) && address.length).toBeGreaterThan(0);
  });

  it("passes a failed resolution on unchanged", async () => {
    const { error } = await lookup(false, "no-such-host.invalid", false);
    expect(error).not.toBeInstanceOf(RefusedTargetError);
    // ENOTFOUND, or EAI_AGAIN where no resolver answers.
    expect(error?.code).toMatch(/^(ENOTFOUND|EAI_AGAIN)$/);
  });
});
