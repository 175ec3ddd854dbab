import { expect, type Locator, type Page } from "@playwright/test";
import { receivedDeliveries, type ReceivedDelivery } from "../support/webhook-receiver";

/** A person fills the form in over a few seconds; the server takes faster posts for spam. */
const MIN_FILL_MS = 3000;

/** Waits until the form has been on screen long enough (its token says when it was served). */
/**
 * Waits until the form's fill-time token is old enough. The consultation form's token is
 * the browser's cookie; the other public forms carry theirs in a hidden field.
 */
export async function waitForFillTime(form: Locator): Promise<void> {
  const field = form.locator("input[name=formStartedAt]");
  const cookies = await form.page().context().cookies();
  const token =
    (await field.count()) > 0
      ? await field.inputValue()
      : (cookies.find((cookie) => cookie.name === "lm_form")?.value ?? "");
  const issuedAt = parseInt(token.split(".")[0] ?? "0", 36);
  const wait = issuedAt + MIN_FILL_MS + 100 - Date.now();
  if (wait > 0) await form.page().waitForTimeout(wait);
}

export const uniqueEmail = (label: string) =>
  `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

export interface LeadInput {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  projectType?: "Home" | "Renting unit, I'm a landlord" | "Commercial";
  source?: string;
}

/** Fills the consultation form the way a visitor does, by its labels. */
export async function fillLeadForm(form: Locator, lead: LeadInput): Promise<void> {
  await form.getByRole("textbox", { name: "First name", exact: true }).fill(lead.firstName);
  await form.getByRole("textbox", { name: "Last name", exact: true }).fill(lead.lastName);
  await form.getByRole("textbox", { name: "E-mail", exact: true }).fill(lead.email);
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill(lead.phone);
  await form
    .getByRole("combobox", { name: "Service", exact: true })
    .selectOption("Bathroom Remodeling");
  await form.getByRole("radio", { name: lead.projectType ?? "Home", exact: true }).check();
  if (lead.source)
    await form
      .getByRole("combobox", { name: "How did you hear about us?", exact: true })
      .selectOption(lead.source);
  if ((lead.projectType ?? "Home") !== "Commercial") {
    await form
      .getByRole("checkbox", { name: "All homeowners will be present at the consultation." })
      .check();
  }
  await form.getByRole("checkbox", { name: /may contact me/ }).check();
}

export const contactForm = (page: Page) =>
  page.locator("#contact").getByRole("form", { name: "Request a Consultation" });

/** Waits until the server has delivered the lead with this e-mail address to the receiver. */
export async function deliveredLead(email: string): Promise<ReceivedDelivery> {
  let found: ReceivedDelivery | undefined;
  await expect
    .poll(
      async () => {
        found = (await receivedDeliveries()).find((delivery) => delivery.body.email === email);
        return Boolean(found);
      },
      { timeout: 20_000, message: `a delivery for ${email}` },
    )
    .toBe(true);
  return found!;
}
