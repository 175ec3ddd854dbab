import { expect, test, type APIRequestContext } from "@playwright/test";
import fc from "fast-check";
import { toLeadFormValues } from "../../../app/modules/leads/lead-fields";
import { validateLead } from "../../../app/modules/leads/lead.schema";
import { randomTestAddress } from "../support/fixtures";
import { receivedDeliveries } from "../support/webhook-receiver";

/**
 * Property: whatever is posted to /api/leads, the server never answers 5xx and never
 * stores (or delivers) a lead the form's rules would refuse.
 */

const REFERRAL_BY_NAME = "Dana Whitfield"; // the demo company's setting

const validBase = {
  firstName: "Fuzz",
  lastName: "Tester",
  email: "fuzz@example.com",
  phone: "6175550100",
  service: "Bathroom Remodeling",
  projectType: "Commercial",
  source: "Google",
  agreeToContact: true,
};

const fieldValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "Bathroom Remodeling",
    "Home",
    "Rental",
    "Referral",
    "Other",
    "on",
    "+1",
  ),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
const fieldName = fc.constantFrom(
  ...Object.keys(validBase),
  "referralName",
  "otherSource",
  "agreeToAllPresent",
  "affiliate_code",
  "utm_source",
  "website",
  "formStartedAt",
  "tracking",
  "__proto__",
  "constructor",
);

/** A JSON body: the valid one with arbitrary fields changed, or anything at all. */
const jsonBody = fc.oneof(
  fc
    .dictionary(fieldName, fieldValue, { maxKeys: 6 })
    .map((changes) => ({ ...validBase, email: `fuzz.${Math.random()}@example.com`, ...changes })),
  fc.jsonValue({ maxDepth: 3 }),
);

type Post = { contentType: string; data: string };

const post: fc.Arbitrary<Post> = fc.oneof(
  jsonBody.map((body) => ({ contentType: "application/json", data: JSON.stringify(body) })),
  fc.string({ maxLength: 200 }).map((data) => ({ contentType: "application/json", data })),
  fc.dictionary(fieldName, fc.string({ maxLength: 30 }), { maxKeys: 8 }).map((fields) => ({
    contentType: "application/x-www-form-urlencoded",
    data: new URLSearchParams(fields).toString(),
  })),
  fc
    .tuple(
      fc.constantFrom("text/plain", "multipart/form-data; boundary=x", "application/xml", ""),
      fc.string({ maxLength: 200 }),
    )
    .map(([contentType, data]) => ({ contentType, data })),
);

async function send(request: APIRequestContext, body: Post) {
  return request.post("/api/leads", {
    headers: {
      ...(body.contentType ? { "Content-Type": body.contentType } : {}),
      "X-Forwarded-For": randomTestAddress(),
    },
    data: body.data,
    maxRedirects: 0,
    failOnStatusCode: false,
  });
}

test("arbitrary bodies never get a 5xx and never store an invalid lead", async ({ request }) => {
  test.setTimeout(120_000);
  const stored: string[] = [];
  await fc.assert(
    fc.asyncProperty(post, async (body) => {
      const response = await send(request, body);
      expect(response.status(), `${body.contentType} ${body.data}`).toBeLessThan(500);
      if (response.status() === 201) {
        const { id } = (await response.json()) as { id: string };
        stored.push(id);
        // The server stored it, so the form's rules must accept what was sent.
        const sent = JSON.parse(body.data) as Record<string, unknown>;
        expect(validateLead(toLeadFormValues(sent), { referralByName: REFERRAL_BY_NAME }).ok).toBe(
          true,
        );
      }
    }),
    { numRuns: 200 },
  );

  // Every stored lead reached the receiver, and each passes the rules as stored.
  await expect
    .poll(
      async () => {
        const ids = new Set((await receivedDeliveries()).map((d) => d.body.leadId));
        return stored.filter((id) => !ids.has(id)).length;
      },
      { timeout: 30_000 },
    )
    .toBe(0);
  const delivered = (await receivedDeliveries()).filter((d) =>
    stored.includes(d.body.leadId as string),
  );
  for (const delivery of delivered) {
    const verdict = validateLead(toLeadFormValues(delivery.body), {
      referralByName: REFERRAL_BY_NAME,
    });
    expect(verdict, JSON.stringify(delivery.body)).toMatchObject({ ok: true });
  }
});

test("the valid lead of the property's base is stored (the property is not vacuous)", async ({
  request,
}) => {
  const response = await send(request, {
    contentType: "application/json",
    data: JSON.stringify({ ...validBase, email: `base.${Date.now()}@example.com` }),
  });
  expect(response.status()).toBe(201);
});
