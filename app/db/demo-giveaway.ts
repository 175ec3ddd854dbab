import { count } from "drizzle-orm";
import type { Database } from "./client.server";
import { giveaways } from "./schema";

/** The demo giveaway's length: it runs from the moment the demo is seeded. */
const DEMO_GIVEAWAY_DAYS = 60;

const DEMO_RULES = `## No purchase necessary

A purchase or payment of any kind will not increase your chances of winning.

## Who may enter

Legal residents of Massachusetts, New Hampshire and Rhode Island who are 18 or older. Employees of the company and their households may not enter.

## How to enter

Fill in the entry form on this website between the start and the end dates shown on the giveaway page. One entry per person: a second entry with the same e-mail address or phone number is not counted.

## The prize

One prize as described on the giveaway page. The prize cannot be exchanged for cash.

## How the winner is chosen

After the giveaway ends, one winner is drawn at random from all entries received between the start and the end; every entry has the same chance. We contact the winner by e-mail and phone; a winner who does not answer within 14 days forfeits the prize and another winner is drawn.

## Your details

We use your details only to run this giveaway and to contact the winner. See our [privacy policy](/privacy-policy).
`;

/** A giveaway running now, for the demo (docs/REQUIREMENTS.md R15.2). Only when there is none. */
export async function seedDemoGiveaway(db: Database, now = new Date()): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(giveaways);
  if (Number(existing?.n ?? 0) > 0) return;
  await db.insert(giveaways).values({
    title: "Win a Spa Shower Upgrade",
    prize: "A frameless glass shower upgrade, worth $6,500, fitted by our own installers",
    description:
      "Planning a new bathroom? Enter for a chance to win a frameless glass shower enclosure with a rainfall shower head, designed with you and fitted by our team. One entry per person.",
    startsAt: now,
    endsAt: new Date(now.getTime() + DEMO_GIVEAWAY_DAYS * 24 * 60 * 60 * 1000),
    rulesMarkdown: DEMO_RULES,
  });
}
