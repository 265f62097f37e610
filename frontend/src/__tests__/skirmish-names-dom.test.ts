// @vitest-environment jsdom
// Wherever the page names a unit (the board's marker, the reaction panel, the match summary) it says the view's
// coded name (`unitName`): a skirmish troop as "Z (infantería)" on a Spanish page. The Spanish words are the
// catalogue's (skirmish-names.test.ts checks them there; a jsdom test may not import the .po file).
import { afterEach, describe, expect, it } from "vitest";
import { DeadlineClock } from "../live-cues";
import { BoardView } from "../map";
import { showSummary } from "../match-summary";
import type { Unit } from "../protocol";
import { ReactionPanel } from "../reaction-panel";
import { forgetCatalog, speak } from "./gettext";

const troop = (id: string, side: string, profile: string, hex: string): Unit => ({
  id, side, kind: "troop", name: `${id} (${profile})`, hex, facing: 0, walk: 0, run: 0,
  name_code: { code: "skirmish.troop_name", params: { unit: id, profile } },
}) as Unit;
const units = [troop("F", "angus", "infantry", "0101"), troop("Z", "yu", "infantry", "0103")];
const SPANISH = { "%(unit)s (%(profile)s)": "%(unit)s (%(profile)s)", infantry: "infantería", "BS Attack": "Ataque CD",
  "%(reaction)s at %(target)s in %(hex)s": "%(reaction)s contra %(target)s en %(hex)s" };

afterEach(forgetCatalog);

describe("a unit named on the page", () => {
  it("is said in Spanish on the board, in the reaction panel and in the match summary", () => {
    speak(SPANISH);
    document.body.innerHTML = `<div id="board"></div><section id="reaction"></section><section id="summary"></section>`;
    const board = new BoardView(document.querySelector("#board")!, { width: 3, height: 3, hexes: {} }, () => {});
    board.setSides(["angus", "yu"]);
    board.setUnits(units);
    expect(document.querySelector(".unit[data-unit='Z'] title")!.textContent).toBe("Z (infantería) (Z, yu)");

    const clock = (element: HTMLElement) => new DeadlineClock(element, () => 0, () => () => {}, "Answer due in %(time)s");
    const root = document.querySelector<HTMLElement>("#reaction")!;
    const panel = new ReactionPanel(root, { send: () => true }, clock);
    const window = { key: "3:F:0101", tick: 3, trigger: "F", units: ["Z"], reason: "" };
    panel.show({ window, deadline: "1970-01-01T00:01:00Z", answered: [],
      choices: { Z: [{ label: "BS Attack", target: "F", hex: "0508", order: { attack: "F" } }] } }, units);
    // The choice names the step where Z's line of fire to F opened (issue 21: "the steps at which each of their
    // troops gains line of fire").
    expect(root.querySelector("button[data-choice='0']")!.textContent).toBe("Ataque CD contra F (infantería) en 0508");

    const summary = document.querySelector<HTMLElement>("#summary")!;
    showSummary(summary, { units: { Z: { shots: 1 } } }, units, [{ side: "yu", player: "bob", submitted: false }]);
    expect(summary.querySelector("tr[data-unit='Z'] th")!.textContent).toBe("Z (infantería) (bob)");
  });
});
