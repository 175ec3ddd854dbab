import { describe, expect, it } from "vitest";
import { analyticsIdentity, asksNotToBeTracked } from "./analytics-identity.server";

const request = (headers: Record<string, string>) =>
  new Request("https://www.lumenbath.example/api/leads", { method: "POST", headers });

const COOKIES = { cookie: "lm_aid=visitor-0001-abcd; lm_asid=session-0001-abcd; other=1" };

describe("the tracker's ids on the server", () => {
  it("are read from the tracker's cookies", () => {
    expect(analyticsIdentity(request(COOKIES))).toEqual({
      visitorId: "visitor-0001-abcd",
      sessionId: "session-0001-abcd",
    });
  });

  it.each([
    ["Do-Not-Track", { dnt: "1" }],
    ["Global Privacy Control", { "sec-gpc": "1" }],
  ])("are not kept when the request sends %s", (_name, headers) => {
    expect(asksNotToBeTracked(request(headers))).toBe(true);
    expect(analyticsIdentity(request({ ...COOKIES, ...headers }))).toEqual({
      visitorId: undefined,
      sessionId: undefined,
    });
  });

  it("ignore DNT: 0 and values that are not the tracker's ids", () => {
    expect(asksNotToBeTracked(request({ dnt: "0" }))).toBe(false);
    expect(analyticsIdentity(request({ cookie: "lm_aid=<script>; lm_asid=a" }))).toEqual({
      visitorId: undefined,
      sessionId: undefined,
    });
  });
});
