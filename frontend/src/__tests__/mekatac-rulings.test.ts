// MEKATAC's playback said in the rulings list and the log (rulesets/mekatac/rulings.ts): one line per coded
// ruling of each phase it resolved, in English or in the page's Spanish; the path's plain steps are not rulings.
import { afterEach, describe, expect, it } from "vitest";
import po from "../../../locale/es/LC_MESSAGES/djangojs.po?raw";
import { logEntries } from "../match-log";
import type { PlaybackFrame, TimelineEvent } from "../protocol";
import { mekatacRulings } from "../rulesets/mekatac/rulings";
import { forgetCatalog, poEntries, speak } from "./gettext";

const event = (unit: string, kind: string, coded?: [string, string, Record<string, string | number>]): TimelineEvent => ({
  unit, kind, from: "0611", to: "0610", facing: 0, mp: 1,
  ...(coded ? { reason: coded[1], reason_code: { code: coded[0], params: coded[2] } } : {}),
});

const shot = event("B", "attack", ["mekatac.attack_miss",
  "B fires Lanzamisiles mediano [F] at A: needs 8 on 1D10, rolls 3, misses",
  { unit: "B", weapon: "Lanzamisiles mediano [F]", target: "A", need: 8, roll: 3 }]);
const rolled = event("A", "initiative", ["mekatac.initiative", "A rolls 4 on 1D10, +1 for its size: initiative 5",
  { unit: "A", roll: 4, modifier: "+1", total: 5 }]);

const played: PlaybackFrame = {
  type: "playback", v: 9, turn: 1, phase: "movement",
  timeline: { phases: [
    { phase: "initiative", ticks: [[rolled]] },
    { phase: "movement", ticks: [[event("A", "step")], [event("A", "step"), shot]] },
  ] } as PlaybackFrame["timeline"],
};

afterEach(forgetCatalog);

describe("a MEKATAC playback in words", () => {
  it("is each phase's coded rulings in order, the plain steps left out", () => {
    expect(mekatacRulings(played.timeline)).toEqual([
      "Initiative: A rolls 4 on 1D10, +1 for its size: initiative 5",
      "Movement: B fires Lanzamisiles mediano [F] at A: needs 8 on 1D10, rolls 3, misses",
    ]);
  });

  it("is said in Spanish from the codes, through the catalog", () => {
    speak(Object.fromEntries(poEntries(po)));
    expect(mekatacRulings(played.timeline)).toEqual([
      "Iniciativa: A saca 4 en 1D10, +1 por su tamaño: iniciativa 5",
      "Movimiento: B dispara Lanzamisiles mediano [F] a A: necesita 8 en 1D10, saca 3, falla",
    ]);
  });

  it("fills the match log's entry where the core's reading finds nothing", () => {
    expect(logEntries(played)[0].lines).toEqual(["Nothing happened."]);
    expect(logEntries(played, mekatacRulings)[0].lines).toEqual(mekatacRulings(played.timeline));
  });
});
