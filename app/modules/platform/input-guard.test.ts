import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  BAD_CHARACTERS_MESSAGE,
  NOT_A_FORM_MESSAGE,
  refuseUnacceptableText,
} from "./input-guard.server";

const post = (path: string, type: string, body: string | FormData) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: typeof body === "string" ? { "Content-Type": type } : {},
    body,
  });

async function refusal(request: Request) {
  try {
    return (await refuseUnacceptableText(request)) ?? "passed";
  } catch (thrown) {
    return thrown;
  }
}

describe("refuseUnacceptableText", () => {
  it("leaves the events endpoint's body (compressed or not) to it, and only its", async () => {
    const gzipped = (path: string) =>
      new Request(`http://localhost${path}`, {
        method: "POST",
        headers: { "Content-Type": "text/plain", "Content-Encoding": "gzip" },
        body: new Uint8Array(gzipSync('{"events":[]}')),
      });
    expect(await refusal(gzipped("/api/events"))).toBe("passed");
    expect(await refusal(gzipped("/API/Events/"))).toBe("passed");
    expect(await refusal(post("/api/events", "application/json", '{"p":"\\u0000"}'))).toBe(
      "passed",
    );
    // Elsewhere the bytes are checked as they arrived: gzip's header holds NUL bytes.
    expect(await refusal(gzipped("/api/leads"))).not.toBe("passed");
  });

  it("lets ordinary requests through, whatever their script", async () => {
    expect(await refusal(new Request("http://localhost/admin/leads?q=Zo%C3%AB"))).toBe("passed");
    expect(
      await refusal(post("/admin/login", "application/x-www-form-urlencoded", "email=a%40b.c")),
    ).toBe("passed");
    expect(await refusal(post("/api/leads", "application/json", '{"firstName":"李"}'))).toBe(
      "passed",
    );
    expect(await refusal(post("/api/leads", "application/json", "{not json"))).toBe("passed");
    expect(await refusal(new Request("http://localhost/%E0%A4%A"))).toBe("passed");
  });

  it("answers a JSON caller with 400 and the message", async () => {
    const answer = await refusal(
      post("/api/leads", "application/json", '{"firstName":"A\\u0000"}'),
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(400);
    expect(await (answer as Response).json()).toEqual({ error: BAD_CHARACTERS_MESSAGE });
    const surrogate = await refusal(
      post("/api/leads", "application/json", '{"utm_source":"\\ud800"}'),
    );
    expect((surrogate as Response).status).toBe(400);
    const inKey = await refusal(post("/api/leads", "application/json", '{"x\\u0000":1}'));
    expect((inKey as Response).status).toBe(400);
  });

  it("throws a 400 for pages: form bodies, multipart, query strings and paths", async () => {
    const multipart = new FormData();
    multipart.set("note", "hello\u0000");
    for (const request of [
      post("/admin/login", "application/x-www-form-urlencoded", "email=a%00b"),
      post("/admin/leads/1", "multipart/form-data", multipart),
      new Request("http://localhost/admin/leads?q=%00"),
      new Request("http://localhost/admin/leads/%00"),
      post("/api/leads", "text/plain", "a\u0000b"),
    ]) {
      // data(...) thrown: React Router renders it as the error screen with this status.
      const answer = (await refusal(request)) as { init?: { status?: number }; data?: unknown };
      expect(answer.init?.status, request.url).toBe(400);
      expect(answer.data).toMatchObject({ message: BAD_CHARACTERS_MESSAGE });
    }
  });

  it("refuses a page's body that is not a form it can read: 415, or 400 when broken", async () => {
    const statusOf = async (request: Request) => {
      const answer = (await refusal(request)) as { init?: { status?: number }; data?: unknown };
      if (answer.init?.status !== 415 && answer.init?.status !== 400) return answer;
      expect(answer.data).toMatchObject({ message: NOT_A_FORM_MESSAGE });
      return answer.init.status;
    };
    const request = (method: string, headers: Record<string, string>, body?: string) =>
      new Request("http://localhost/admin/login", { method, headers, body });
    expect(await statusOf(request("POST", { "Content-Type": "text/plain" }, "a=b"))).toBe(415);
    expect(await statusOf(request("POST", { "Content-Type": "application/json" }, "{}"))).toBe(415);
    expect(await statusOf(request("POST", {}, "a=b"))).toBe(415);
    expect(await statusOf(request("DELETE", {}))).toBe(415);
    expect(
      await statusOf(
        new Request("http://localhost/affiliate/signup.data", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{}",
        }),
      ),
    ).toBe(415);
    expect(
      await statusOf(request("POST", { "Content-Type": "multipart/form-data; boundary=XX" }, "zz")),
    ).toBe(400);
    // Forms pass; the API's endpoints answer other bodies themselves.
    expect(
      await refusal(request("POST", { "Content-Type": "application/x-www-form-urlencoded" }, "")),
    ).toBe("passed");
    expect(await refusal(post("/api/leads", "text/plain", "a=b"))).toBe("passed");
  });
});
