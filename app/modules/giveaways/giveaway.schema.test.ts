import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { GIVEAWAY_MESSAGES, giveawayCommandSchema } from "./giveaway.schema";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return parseWithZod(data, { schema: giveawayCommandSchema });
};
const errorsOf = (fields: Record<string, string>) => {
  const submission = form(fields);
  return submission.status === "success" ? undefined : submission.error;
};

const valid = {
  intent: "save",
  title: "Win a shower",
  prize: "A frameless shower",
  description: "Enter to win.",
  startsAt: "2027-01-01T09:00",
  endsAt: "2027-02-01T23:59",
  rulesMarkdown: "## Rules",
};

describe("the giveaway screen's forms", () => {
  it("answers each missing field's message beside it (empty fields arrive as missing)", () => {
    expect(
      errorsOf({
        intent: "save",
        title: "",
        prize: " ",
        description: "",
        startsAt: "",
        endsAt: "",
        rulesMarkdown: "",
      }),
    ).toEqual({
      title: [GIVEAWAY_MESSAGES.title],
      prize: [GIVEAWAY_MESSAGES.prize],
      description: [GIVEAWAY_MESSAGES.description],
      startsAt: [GIVEAWAY_MESSAGES.startsAt],
      endsAt: [GIVEAWAY_MESSAGES.endsAt],
      rulesMarkdown: [GIVEAWAY_MESSAGES.rules],
    });
  });

  it("refuses a time that is not one and an end before the start", () => {
    expect(errorsOf({ ...valid, startsAt: "2027-02-30T09:00" })).toEqual({
      startsAt: [GIVEAWAY_MESSAGES.startsAt],
    });
    expect(errorsOf({ ...valid, endsAt: "2027-01-01T09:00" })).toEqual({
      endsAt: [GIVEAWAY_MESSAGES.endsBeforeStart],
    });
  });

  it("refuses over-long texts", () => {
    expect(errorsOf({ ...valid, title: "t".repeat(201), prize: "p".repeat(201) })).toEqual({
      title: [GIVEAWAY_MESSAGES.titleLength],
      prize: [GIVEAWAY_MESSAGES.prizeLength],
    });
  });

  it("reads a giveaway, trimmed, and the draw buttons", () => {
    const saved = form({ ...valid, title: "  Win a shower " });
    expect(saved.status).toBe("success");
    expect(saved.status === "success" && saved.value).toMatchObject({ title: "Win a shower" });
    const draw = form({ intent: "redraw", giveawayId: "7" });
    expect(draw.status === "success" && draw.value).toEqual({ intent: "redraw", giveawayId: 7 });
    expect(errorsOf({ intent: "draw", giveawayId: "x" })).toEqual({
      giveawayId: [GIVEAWAY_MESSAGES.misunderstood],
    });
  });
});
