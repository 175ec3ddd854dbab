import { expect } from "vitest";
import { maskSecretLinks } from "./secret-links";

/**
 * Expects a message read back from the mail log to carry a link. The outbox worker runs
 * beside the tests and masks a message's secret links once it is done with it, so the link
 * is there as sent while the message waits, and masked after.
 */
export function expectMailCarries(text: string, link: string | undefined): void {
  expect(link).toBeTruthy();
  const masked = maskSecretLinks(text);
  expect(masked).toContain(maskSecretLinks(link!));
  if (masked !== text) expect(text).toContain(link);
}
