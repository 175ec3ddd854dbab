import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withForwardedOrigin } from "./forwarded";

const PUBLIC = new URL("https://www.lumenbath.example");
const behindProxy = { trustProxy: 1, publicUrl: PUBLIC };
const noProxy = { trustProxy: 0, publicUrl: PUBLIC };

const request = (headers: Record<string, string>, url = "http://10.0.0.5:3000/admin/login?x=1") =>
  new Request(url, { method: "POST", headers, body: "email=a%40b.example" });

describe("withForwardedOrigin", () => {
  it("without a trusted proxy, ignores forwarded headers and keeps the request as it is", () => {
    const original = request({ "X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example" });
    expect(withForwardedOrigin(original, noProxy)).toBe(original);
  });

  it("behind a trusted proxy, takes the forwarded scheme and keeps path, query and host", () => {
    const seen = withForwardedOrigin(request({ "X-Forwarded-Proto": "https" }), behindProxy);
    expect(seen.url).toBe("https://10.0.0.5:3000/admin/login?x=1");
  });

  it("takes the forwarded host, with or without a port", () => {
    const headers = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "www.lumenbath.example" };
    expect(withForwardedOrigin(request(headers), behindProxy).url).toBe(
      "https://www.lumenbath.example/admin/login?x=1",
    );
    const withPort = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "localhost:8443" };
    expect(withForwardedOrigin(request(withPort), behindProxy).url).toBe(
      "https://localhost:8443/admin/login?x=1",
    );
    const ipv6 = { "X-Forwarded-Host": "[::1]:8080" };
    expect(withForwardedOrigin(request(ipv6), behindProxy).url).toBe(
      "http://[::1]:8080/admin/login?x=1",
    );
  });

  it("believes the value the nearest proxy set, not what came from further out", () => {
    const seen = withForwardedOrigin(
      request({
        "X-Forwarded-Proto": "https, http",
        "X-Forwarded-Host": "evil.example, shop.test",
      }),
      behindProxy,
    );
    expect(seen.url).toBe("http://shop.test/admin/login?x=1");
  });

  it("accepts only http and https as the scheme", () => {
    for (const proto of ["ftp", "javascript", "https:", "file", ""]) {
      const original = request({ "X-Forwarded-Proto": proto });
      expect(withForwardedOrigin(original, behindProxy).url, proto).toBe(original.url);
    }
    expect(withForwardedOrigin(request({ "X-Forwarded-Proto": "HTTPS" }), behindProxy).url).toBe(
      "https://10.0.0.5:3000/admin/login?x=1",
    );
  });

  it("ignores a forwarded host that is not a plausible host[:port]", () => {
    for (const host of [
      "evil.example/path",
      "user@evil.example",
      "evil example",
      "evil.example:99999",
      "evil.example:0",
      "evil.example:",
      "-evil.example",
      "[zz::1]",
      "[1.2]",
      "evil.example#x",
      `${"a".repeat(64)}.example`,
    ]) {
      const original = request({ "X-Forwarded-Proto": "https", "X-Forwarded-Host": host });
      expect(withForwardedOrigin(original, behindProxy).url, host).toBe(
        "https://10.0.0.5:3000/admin/login?x=1",
      );
    }
  });

  it("gives a request from PUBLIC_URL's origin that origin, even with no forwarded scheme", () => {
    for (const config of [noProxy, behindProxy]) {
      const seen = withForwardedOrigin(request({ Origin: PUBLIC.origin }), config);
      expect(new URL(seen.url).origin).toBe(PUBLIC.origin);
      expect(seen.url).toBe("https://www.lumenbath.example/admin/login?x=1");
    }
  });

  it("keeps a foreign Origin apart from the request's origin", () => {
    for (const origin of [
      "https://evil.example",
      `${PUBLIC.origin}/`,
      "http://www.lumenbath.example",
    ]) {
      const seen = withForwardedOrigin(
        request({ Origin: origin, "X-Forwarded-Proto": "https" }),
        behindProxy,
      );
      expect(new URL(seen.url).origin, origin).not.toBe(origin);
    }
  });

  it("carries method, headers and the body over", async () => {
    const seen = withForwardedOrigin(
      request({
        "X-Forwarded-Proto": "https",
        "Content-Type": "application/x-www-form-urlencoded",
      }),
      behindProxy,
    );
    expect(seen.method).toBe("POST");
    expect(seen.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(seen.headers.get("x-forwarded-proto")).toBe("https");
    expect(await seen.text()).toBe("email=a%40b.example");
  });

  it("leaves a GET without a body", () => {
    const seen = withForwardedOrigin(
      new Request("http://10.0.0.5:3000/", { headers: { "X-Forwarded-Proto": "https" } }),
      behindProxy,
    );
    expect(seen.url).toBe("https://10.0.0.5:3000/");
    expect(seen.body).toBeNull();
  });
});

describe("withForwardedOrigin on @hono/node-server's requests", () => {
  let server: ServerType;
  let base: string;

  beforeAll(async () => {
    const app = new Hono();
    app.all("*", async (c) => {
      const seen = withForwardedOrigin(c.req.raw, behindProxy);
      const form = seen.method === "POST" ? Object.fromEntries(await seen.formData()) : null;
      return c.json({ url: seen.url, method: seen.method, form });
    });
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("a POST keeps its streamed body under the forwarded origin", async () => {
    const body = new URLSearchParams({ email: "a@b.example", note: "x".repeat(200_000) });
    const answer = await fetch(`${base}/admin/login?returnTo=%2Fadmin`, {
      method: "POST",
      headers: { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "localhost:8443" },
      body,
    });
    const seen = (await answer.json()) as {
      url: string;
      method: string;
      form: Record<string, string>;
    };
    expect(seen.url).toBe("https://localhost:8443/admin/login?returnTo=%2Fadmin");
    expect(seen.method).toBe("POST");
    expect(seen.form.email).toBe("a@b.example");
    expect(seen.form.note).toHaveLength(200_000);
  });

  it("a GET under the forwarded origin", async () => {
    const answer = await fetch(`${base}/`, { headers: { "X-Forwarded-Proto": "https" } });
    const seen = (await answer.json()) as { url: string; form: unknown };
    expect(seen.url).toBe(`${base.replace("http:", "https:")}/`);
    expect(seen.form).toBeNull();
  });
});
