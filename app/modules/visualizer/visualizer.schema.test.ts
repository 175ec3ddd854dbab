import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { visualizerCommandSchema, VISUALIZER_OPTION_MESSAGES } from "./visualizer.schema";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return parseWithZod(data, { schema: visualizerCommandSchema });
};

const valid = {
  intent: "create",
  category: "wall_tile",
  name: "Sage zellige",
  key: "sage-zellige",
  swatch: "#A9B8A0",
  style: "subway",
  sortOrder: "20",
  active: "on",
};

describe("the catalogue form (R15.5)", () => {
  it("reads a valid option, the colour in lower case", () => {
    const submission = form(valid);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ swatch: "#a9b8a0", sortOrder: 20, active: true });
  });

  it("explains each field it refuses", () => {
    const submission = form({
      intent: "create",
      category: "bathtub",
      name: "\u202e\u0007",
      key: "Sage Zellige",
      swatch: "green",
      accent: "#12345",
      style: "floating",
      sortOrder: "-1",
    });
    const errors = submission.reply().error ?? {};
    expect(errors.category).toEqual([VISUALIZER_OPTION_MESSAGES.categoryMissing]);
    expect(errors.name).toEqual([VISUALIZER_OPTION_MESSAGES.nameMissing]);
    expect(errors.key).toEqual([VISUALIZER_OPTION_MESSAGES.keyShape]);
    expect(errors.swatch).toEqual([VISUALIZER_OPTION_MESSAGES.colourShape]);
    expect(errors.accent).toEqual([VISUALIZER_OPTION_MESSAGES.colourShape]);
    expect(errors.sortOrder).toEqual([VISUALIZER_OPTION_MESSAGES.orderShape]);
  });

  it("refuses a style its category cannot be drawn in", () => {
    const errors = form({ ...valid, style: "floating" }).reply().error ?? {};
    expect(errors.style).toEqual([VISUALIZER_OPTION_MESSAGES.styleWrong]);
  });

  it("says what is missing", () => {
    const errors = form({ intent: "create" }).reply().error ?? {};
    expect(errors.name).toEqual([VISUALIZER_OPTION_MESSAGES.nameMissing]);
    expect(errors.key).toEqual([VISUALIZER_OPTION_MESSAGES.keyMissing]);
    expect(errors.swatch).toEqual([VISUALIZER_OPTION_MESSAGES.colourMissing]);
    expect(errors.style).toEqual([VISUALIZER_OPTION_MESSAGES.styleMissing]);
  });
});
