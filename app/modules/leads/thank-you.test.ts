import { describe, expect, it } from "vitest";
import type { LeadValues } from "./lead-fields";
import { signedThankYouValues, thankYouPath } from "./thank-you.server";

const secret = "t".repeat(40);
const values: LeadValues = {
  firstName: "Zoë",
  lastName: "Okafor",
  email: "zoe@example.com",
  phone: "+16175550100",
  service: "Bathroom Remodeling",
  projectType: "Home",
  source: "Referral",
  referralName: "Sam Neighbour",
  otherSource: null,
  agreeToContact: true,
  agreeToAllPresent: true,
};

const paramsOf = (path: string) => new URL(path, "http://localhost").searchParams;

describe("the signed thank-you address", () => {
  it("carries the values but never the e-mail address or phone number", () => {
    const path = thankYouPath(values, secret);
    expect(path).toMatch(/^\/thank-you\?firstName=Zo%C3%AB&lastName=Okafor&/);
    expect(path).not.toContain("zoe%40example.com");
    expect(path).not.toContain("6175550100");
    expect(signedThankYouValues(paramsOf(path), secret)).toMatchObject({
      firstName: "Zoë",
      service: "Bathroom Remodeling",
      referralName: "Sam Neighbour",
    });
  });

  it("vouches for nothing that was changed, added, unsigned or signed elsewhere", () => {
    const params = paramsOf(thankYouPath(values, secret));
    const changed = new URLSearchParams(params);
    changed.set("firstName", "Call 555-0199 for your refund");
    const added = new URLSearchParams(params);
    added.set("otherSource", "extra");
    const unsigned = new URLSearchParams(params);
    unsigned.delete("sig");
    for (const tampered of [changed, added, unsigned]) {
      expect(signedThankYouValues(tampered, secret)).toBeUndefined();
    }
    expect(signedThankYouValues(params, "another secret entirely, 40 chars long!")).toBeUndefined();
  });

  it("does not depend on the order of the query string", () => {
    const params = paramsOf(thankYouPath(values, secret));
    const reordered = new URLSearchParams([...params].reverse());
    expect(signedThankYouValues(reordered, secret)?.firstName).toBe("Zoë");
  });
});
