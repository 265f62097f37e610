import { afterEach, describe, expect, it } from "vitest";
import { eventFlags } from "../event-flags";
import { errorText, eventKindText, t } from "../i18n";
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
    const spanish: Record<string, string> = { falls: "cae", "That hex is off the board.": "Ese hexágono está fuera del mapa." };
    speak(spanish);
    expect(eventKindText("fall")).toBe("cae");
    expect(errorText("board.off_board", "hex 9999 is off the 16x17 board")).toBe("Ese hexágono está fuera del mapa.");
  });

  it("falls back to the server's message for a code it does not know", () => {
    expect(errorText("weapons.out_of_range", "Out of range.")).toBe("Out of range.");
    expect(eventKindText("teleport")).toBe("teleport");
  });
});
