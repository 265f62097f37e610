// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { parseLabel } from "../hex";
import type { ClientFrame, LosFrame } from "../protocol";
import { SightTool } from "../sight";

let sent: ClientFrame[];
let marked: [string[], string[], boolean][];
let tool: SightTool;
const root = () => document.querySelector<HTMLElement>("#sight")!;
const verdict = () => document.querySelector("#sight-verdict")!.textContent;

const answer: LosFrame = {
  type: "los", v: 3, from: "A", to: "0403", los: false, modifier: 0, modifiers: [], partial_cover: false,
  hexes: ["0405", "0505"], reasons: ["Heights: …", "1 light and 1 heavy intervening woods hexes block the line"],
};

beforeEach(() => {
  document.body.innerHTML = `<section id="sight"><button data-sight="toggle"></button>
    <form id="sight-form"><input name="from"><input name="to"><button type="submit"></button></form>
    <p id="sight-verdict"></p><ul id="sight-reasons"></ul><p id="sight-split"></p></section>`;
  sent = [];
  marked = [];
  tool = new SightTool(root(), {
    send: (frame) => (sent.push(frame), true),
    unitIn: (hex) => (hex === "0816" ? "A" : null),
    hexOf: (end) => (end === "A" ? "0816" : end),
    highlight: (ends, between, blocked) => marked.push([ends, between, blocked]),
    standingChoice: (end) => (end === "B" ? "the left side, chosen by its player" : null),
  });
});

describe("the line-of-sight tool", () => {
  it("takes hex clicks only while open", () => {
    tool.clickHex(parseLabel("0816"));
    expect(tool.active).toBe(false);
    expect(sent).toEqual([]);
  });

  it("asks from a unit to a bare hex and shows a blocked line with its reasons", () => {
    document.querySelector<HTMLButtonElement>("[data-sight=toggle]")!.click();
    tool.clickHex(parseLabel("0816"));
    tool.clickHex(parseLabel("0403"));
    expect(sent).toEqual([{ type: "los", from: "A", to: "0403" }]);
    expect(root().dataset.state).toBe("asking");

    tool.handleAnswer(answer);
    expect(marked.at(-1)).toEqual([["0816", "0403"], ["0405", "0505"], true]);
    expect(verdict()).toBe("Line of sight from A to 0403: blocked.");
    expect(document.querySelectorAll("#sight-reasons li")).toHaveLength(2);
    expect(document.querySelector("#sight-split")!.textContent).toBe("");
  });

  // Solaris VII, Línea de Visión: 'Si la LdV pasa exactamente entre dos hexágonos, el jugador que dirige la
  // unidad objetivo es el que decide a través de cual pasa la LdV' (a static target: the more restrictive).
  it("names the target's standing side when the line runs exactly between two hexes", () => {
    const split = () => document.querySelector("#sight-split")!.textContent;
    tool.open();
    tool.handleAnswer({ ...answer, to: "B", los: true, split: true, side: "left" });
    expect(split()).toBe("The line runs exactly between two hexes: B stands on the left side, chosen by its player.");
    tool.handleAnswer({ ...answer, split: true, side: "right" });
    expect(split()).toBe("The line runs exactly between two hexes: a hex target gets the more restrictive side.");
    tool.close();
    expect(split()).toBe("");
  });

  it("shows a clear line's modifier, signed, with each modifier's reason", () => {
    tool.open();
    tool.clickHex(parseLabel("0407"));
    tool.clickHex(parseLabel("0403"));
    tool.handleAnswer({ ...answer, from: "0407", los: true, modifier: 2, modifiers: [{ value: 2, reason: "woods" }] });
    expect(verdict()).toBe("Line of sight from 0407 to 0403: clear, +2 to hit.");
    expect(document.querySelector("#sight-reasons li")!.textContent).toBe("+2: woods");
  });

  it("shows the server's refusal and puts itself away with Esc", () => {
    tool.open();
    tool.clickHex(parseLabel("0407"));
    tool.clickHex(parseLabel("0403"));
    tool.handleError("That hex is off the board.");
    expect(verdict()).toBe("That hex is off the board.");
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(tool.active).toBe(false);
    expect(marked.at(-1)).toEqual([[], [], false]);
    expect(root().dataset.state).toBe("idle");
  });

  it("asks for the two ends typed in its form, for people without a pointer", () => {
    document.querySelector<HTMLInputElement>("[name=from]")!.value = " A ";
    document.querySelector<HTMLInputElement>("[name=to]")!.value = "0403";
    document.querySelector<HTMLFormElement>("#sight-form")!.requestSubmit();
    expect(tool.active).toBe(true);
    expect(sent).toEqual([{ type: "los", from: "A", to: "0403" }]);
  });
});
