import { describe, expect, it } from "vitest";
import { giveawayPhase, publicGiveawayTime, winnerDisplayName } from "./giveaway-phase";

describe("a giveaway's phase", () => {
  const giveaway = {
    startsAt: new Date("2027-01-01T14:00:00Z"),
    endsAt: new Date("2027-02-01T05:00:00Z"),
  };
  it("is upcoming before the start, open from it, ended from the end", () => {
    expect(giveawayPhase(giveaway, new Date("2027-01-01T13:59:59Z"))).toBe("upcoming");
    expect(giveawayPhase(giveaway, new Date("2027-01-01T14:00:00Z"))).toBe("open");
    expect(giveawayPhase(giveaway, new Date("2027-02-01T04:59:59Z"))).toBe("open");
    expect(giveawayPhase(giveaway, new Date("2027-02-01T05:00:00Z"))).toBe("ended");
  });

  it("reads its times in New York", () => {
    expect(publicGiveawayTime(giveaway.endsAt)).toBe("February 1, 2027 at 12:00 AM ET");
  });

  it("names the winner by first name and initial", () => {
    expect(winnerDisplayName(" jordan  de la rivera ")).toBe("jordan R.");
    expect(winnerDisplayName("Cher")).toBe("Cher");
  });
});
