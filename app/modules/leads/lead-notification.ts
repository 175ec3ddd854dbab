import type { CompanySettings, Lead } from "~/db/schema";
import { designMailLines, type DesignChoice } from "~/modules/visualizer/design-choices";

/** The staff e-mail for a new lead: everything needed to call back, and where it came from. */
export function leadNotificationMail(
  lead: Lead,
  company: Pick<CompanySettings, "notificationEmails">,
  publicUrl: URL,
  /** The visualizer design sent with it, with the options' names (docs/REQUIREMENTS.md R15.5). */
  design: readonly DesignChoice[] = [],
): { kind: string; to: string[]; subject: string; text: string } {
  const sourceDetail = lead.referralName ?? lead.otherSource;
  const touch = lead.lastTouch ?? lead.firstTouch;
  const campaign = [
    lead.tracking.utm_source,
    lead.tracking.utm_medium,
    lead.tracking.utm_campaign,
  ].filter(Boolean);
  const lines = [
    `A new consultation request came in on ${lead.createdAt.toUTCString()}.`,
    "",
    `Name:          ${lead.firstName} ${lead.lastName}`,
    `Phone:         ${lead.phone}`,
    `E-mail:        ${lead.email}`,
    `Service:       ${lead.service}`,
    `Project type:  ${lead.projectType ?? "-"}`,
    `Heard of us:   ${lead.source}${sourceDetail ? ` (${sourceDetail})` : ""}`,
    `All owners present: ${lead.agreeToAllPresent ? "yes" : "not confirmed"}`,
    "",
    `Campaign:      ${campaign.length ? campaign.join(" / ") : "-"}`,
    `Landing page:  ${touch?.landingPath ?? lead.pagePath ?? "-"}`,
    `Referrer:      ${touch?.referrer ?? "-"}`,
    `Affiliate:     ${lead.affiliateCode ?? "-"}`,
    "",
    ...(design.length > 0
      ? ["They sent a design from the bathroom visualizer:", ...designMailLines(design), ""]
      : []),
    `Open it: ${new URL(`/admin/leads/${lead.id}`, publicUrl).toString()}`,
  ];
  return {
    kind: "lead.notification",
    to: company.notificationEmails,
    subject: `New consultation request: ${lead.firstName} ${lead.lastName} (${lead.source})`,
    text: lines.join("\n"),
  };
}
