import { COMPANY_TIME_ZONE } from "~/modules/platform/patterns";

/**
 * Where a giveaway stands at a moment (docs/REQUIREMENTS.md R15.2): entries are taken
 * from its start up to its end, and the winner is drawn only after the end.
 */
export type GiveawayPhase = "upcoming" | "open" | "ended";

export function giveawayPhase(
  giveaway: { startsAt: Date | string; endsAt: Date | string },
  now: Date = new Date(),
): GiveawayPhase {
  const at = now.getTime();
  if (at < new Date(giveaway.startsAt).getTime()) return "upcoming";
  return at < new Date(giveaway.endsAt).getTime() ? "open" : "ended";
}

/** A winner as the public page names them: "Jordan Rivera" -> "Jordan R." */
export function winnerDisplayName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? "";
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const initial = last ? ` ${Array.from(last)[0]!.toLocaleUpperCase("en-US")}.` : "";
  return `${first}${initial}`;
}

const PUBLIC_TIME = new Intl.DateTimeFormat("en-US", {
  timeZone: COMPANY_TIME_ZONE,
  dateStyle: "long",
  timeStyle: "short",
});

/** A giveaway's start or end as visitors read it: "January 26, 2027 at 11:59 PM ET". */
export const publicGiveawayTime = (at: Date | string): string =>
  `${PUBLIC_TIME.format(new Date(at))} ET`;
