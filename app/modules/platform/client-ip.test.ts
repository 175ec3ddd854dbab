import { describe, expect, it } from "vitest";
import { clientIp, lastHeaderValue } from "./client-ip.server";

const withForwarded = (value?: string) =>
  new Request("http://localhost/", {
    headers: value === undefined ? {} : { "X-Forwarded-For": value },
  });

describe("clientIp", () => {
  it("takes the connection's address and ignores X-Forwarded-For without a trusted proxy", () => {
    expect(clientIp(withForwarded("203.0.113.9"), "198.51.100.1", 0)).toBe("198.51.100.1");
    expect(clientIp(withForwarded(), "::ffff:198.51.100.1", 0)).toBe("198.51.100.1");
  });

  it("behind one proxy, takes the address that proxy appended, not what the client wrote", () => {
    // The client sent "X-Forwarded-For: 203.0.113.9"; the proxy appended the real address.
    const request = withForwarded("203.0.113.9, 198.51.100.7");
    expect(clientIp(request, "10.0.0.2", 1)).toBe("198.51.100.7");
  });

  it("a client rotating its own X-Forwarded-For still has one address behind a proxy", () => {
    const seen = new Set(
      Array.from({ length: 12 }, (_, i) =>
        clientIp(withForwarded(`192.0.2.${i}, 198.51.100.7`), "10.0.0.2", 1),
      ),
    );
    expect([...seen]).toEqual(["198.51.100.7"]);
  });

  it("behind two proxies, skips both", () => {
    const request = withForwarded("203.0.113.9, 198.51.100.7, 10.0.0.3");
    expect(clientIp(request, "10.0.0.2", 2)).toBe("198.51.100.7");
  });

  it("with fewer entries than proxies, takes the leftmost", () => {
    expect(clientIp(withForwarded("198.51.100.7"), "10.0.0.2", 3)).toBe("198.51.100.7");
  });

  it("falls back to the connection when the entry is not an address", () => {
    expect(clientIp(withForwarded("not-an-ip"), "10.0.0.2", 1)).toBe("10.0.0.2");
    expect(clientIp(withForwarded(), "10.0.0.2", 1)).toBe("10.0.0.2");
  });
});

describe("lastHeaderValue", () => {
  it("takes the value the nearest proxy appended", () => {
    const request = new Request("http://localhost/", {
      headers: { "X-Forwarded-Proto": "http, https" },
    });
    expect(lastHeaderValue(request, "x-forwarded-proto")).toBe("https");
    expect(lastHeaderValue(request, "x-forwarded-host")).toBeUndefined();
  });
});
