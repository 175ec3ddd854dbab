import type { APIRequestContext } from "@playwright/test";
import { expect, randomTestAddress } from "../support/fixtures";

/** Names and addresses no other test uses (the server is shared by parallel tests). */
export function uniqueVisitor(label: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    stamp,
    lastName: `${label}${stamp}`,
    email: `${label.toLowerCase()}.${stamp}@example.com`,
  };
}

/**
 * A visitor's consultation request through the JSON API, from an address of its own. With
 * `honeypot`, the hidden field people never see is filled in, so it is caught as spam.
 */
export async function sendLeadRequest(
  request: APIRequestContext,
  baseURL: string,
  lead: { lastName: string; email: string; source?: string; phone?: string; honeypot?: string },
): Promise<void> {
  const answer = await request.post("/api/leads", {
    headers: { "X-Forwarded-For": randomTestAddress(), Origin: baseURL },
    data: {
      firstName: "Jordan",
      lastName: lead.lastName,
      email: lead.email,
      phone: lead.phone ?? "6175550123",
      service: "Bathroom Remodeling",
      projectType: "Home",
      source: lead.source ?? "Google",
      agreeToContact: true,
      agreeToAllPresent: true,
      utm_source: "google",
      ...(lead.honeypot ? { website: lead.honeypot } : {}),
    },
  });
  expect(answer.status()).toBe(lead.honeypot ? 202 : 201);
}
