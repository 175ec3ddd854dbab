import { describe, expect, it } from "vitest";
import { createRenderTurns } from "./render-turns";

describe("render turns", () => {
  it("renders pages a few at a time in the order asked, and lets form posts through at once", async () => {
    const inTurn = createRenderTurns(2);
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const render = (name: string) => () =>
      new Promise<string>((resolve) => {
        started.push(name);
        finish.set(name, () => resolve(name));
      });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    const pages = ["a", "b", "c", "d"].map((name) => inTurn("GET", render(name)));
    const head = inTurn("HEAD", render("e"));
    const post = inTurn("POST", render("post"));
    await settle();
    expect([...started].sort()).toEqual(["a", "b", "post"]);

    finish.get("b")!();
    await settle();
    expect(started.slice(3)).toEqual(["c"]);
    finish.get("a")!();
    await settle();
    expect(started.slice(3)).toEqual(["c", "d"]);
    for (const name of ["c", "d", "post"]) finish.get(name)!();
    await settle();
    expect(started.at(-1)).toBe("e");
    finish.get("e")!();
    expect(await Promise.all([...pages, head, post])).toEqual(["a", "b", "c", "d", "e", "post"]);
  });
});
