import { afterEach, describe, expect, it } from "vitest";
import { eventFlags } from "../event-flags";
import { errorText } from "../errors";
import { eventKindText, t } from "../i18n";
import { playbackFrames } from "../playback";
import type { Timeline } from "../protocol";
import { forgetCatalog, speak } from "./gettext";

// A charge: A steps, then charges B from 0504 (it stays there), while B skids and falls.
const timeline: Timeline = {
  mode: "pm_by_pm",
  ticks: [
    [{ unit: "A", kind: "step", from: "0505", to: "0504", facing: 0, mp: 1 }],
    [
      { unit: "A", kind: "charge", from: "0504", to: "0503", facing: 0, mp: 1, target: "B" },
      { unit: "B", kind: "roll", from: "0503", to: "0503", facing: 3, mp: 0 },
      { unit: "B", kind: "skid", from: "0503", to: "0502", facing: 3, mp: 0 },
      { unit: "B", kind: "fall", from: "0502", to: "0502", facing: 3, mp: 0 },
    ],
  ],
  final: { A: { hex: "0504", facing: 0 }, B: { hex: "0502", facing: 3, prone: true } },
};

afterEach(forgetCatalog);

describe("playback of every event kind", () => {
  it("names what happened to each unit in its tick, and nothing for plain steps", () => {
    expect(eventFlags(timeline)).toEqual([{}, { A: "charge", B: "roll, skids, falls" }, {}]);
  });

  it("keeps a charging unit in its hex while the skidding one slides on", () => {
    const frames = playbackFrames({ A: { hex: "0505", facing: 0 }, B: { hex: "0503", facing: 3 } }, timeline);
    expect(frames[1]).toEqual({ A: { hex: "0504", facing: 0 }, B: { hex: "0502", facing: 3 } });
  });
});

describe("translation", () => {
  it("shows English without a catalog and fills the placeholders", () => {
    expect(t("Looking from %(from)s", { from: "A" })).toBe("Looking from A");
  });

  it("goes through the page's catalog when there is one", () => {
    const spanish: Record<string, string> = {
      falls: "cae",
      "hex %(hex)s is off the %(width)sx%(height)s board": "el hexágono %(hex)s está fuera del mapa de %(width)sx%(height)s",
    };
    speak(spanish);
    expect(eventKindText("fall")).toBe("cae");
    const offBoard = { hex: "9999", width: 16, height: 17 };
    expect(errorText({ code: "board.off_board", message: "hex 9999 is off the 16x17 board", params: offBoard }))
      .toBe("el hexágono 9999 está fuera del mapa de 16x17");
  });

  it("says an error from its code: its clauses, where it happened and a name quoted", () => {
    const error = {
      code: "board.unknown_terrain", message: "…", at: { code: "board.at_hex", params: { hex: "0503" } },
      params: { hex: "0503", terrain: "lava", given: "lava:1" },
    };
    expect(errorText(error)).toBe("hex 0503: unknown terrain 'lava' in 'lava:1'");
    const malformed = { code: "message.malformed", message: "…", params: { why: { code: "message.not_json", params: {} } } };
    expect(errorText(malformed)).toBe("That message is not valid JSON.");
    expect(errorText({ code: "unit.unknown", message: "…", params: { unit: "Z" } })).toBe("there is no unit 'Z'");
    expect(errorText({ code: "units.malformed", message: "…", params: { sides: ["red", "blue"] } }))
      .toBe("Give one shipped design name per side: red, blue.");
  });

  it("falls back to the server's message for a code it does not know", () => {
    expect(errorText({ code: "weapons.out_of_range", message: "Out of range." })).toBe("Out of range.");
    const clause = { code: "message.malformed", message: "Sent as it is.", params: { why: { code: "message.new", params: {} } } };
    expect(errorText(clause)).toBe("Sent as it is.");
    expect(eventKindText("teleport")).toBe("teleport");
  });
});
