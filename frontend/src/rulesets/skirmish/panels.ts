// The skirmish panels by the names its hints give them (rules/rulesets/skirmish/ruleset.py `hints`): "order", an
// order of the active player's pool (order-panel.ts). Reactions (AROs) are the core's reaction panel, offered
// what the server's window asks of each troop; a troop in hidden deployment is in neither unless the viewer's
// view has it (the server's view decides).

import type { Panel, PanelPage, RulesetPanels } from "../../panels";
import type { ServerFrame } from "../../protocol";
import { errorText } from "../../errors";
import { parseLabel } from "../../hex";
import { SkirmishOrderPanel } from "./order-panel";

/** The page's BattleTech tools, not this ruleset's: the movement markup and the split line-of-sight choices (a
 * skirmish line of fire along a hexside is open when either side is). The line-of-sight tool is the game's. */
const NOT_SKIRMISH = ["#orders", "#split-los"];

/** The order panel's place: first among the page's panels after the players, for everyone (it opens for the
 * active player only); the BattleTech tools stay hidden. */
function orderSection(root: HTMLElement): HTMLElement {
  const section = document.createElement("section");
  section.id = "skirmish-order";
  section.className = "panel";
  for (const selector of NOT_SKIRMISH) root.querySelector<HTMLElement>(selector)?.setAttribute("hidden", "");
  root.querySelector("#reaction")?.before(section);
  return section;
}

export function skirmishPanels(page: PanelPage): RulesetPanels {
  const orders = new SkirmishOrderPanel(orderSection(page.root), {
    send: (frame) => page.send(frame as never),
    drawPath: (positions) => page.board()?.showPath(positions),
  });
  const panel: Panel = {
    show: ({ snapshot }) => orders.show(snapshot),
    stop: () => orders.stop(),
    handle: (frame: ServerFrame) => {
      if (frame.type === "plotted" || frame.type === "order_accepted") orders.handle(frame as never);
      else if (frame.type === "error") orders.handle(frame, errorText(frame));
    },
    interrupt: () => orders.interrupt(),
    hold: () => {},
    // An order is played as soon as it is given: there is none to take back.
    reopen: () => {},
  };
  return {
    panels: { order: panel },
    clickHex: (hex) => orders.clickHex(hex),
    reaction: (view, snapshot) => {
      // The window's key names the step and where the active troop then stood ("TICK:TROOP:HEX"): its path
      // from where it started to that point is drawn, so whoever is asked sees where line of fire opened.
      const [, trigger, hex] = view?.window.key.split(":") ?? [];
      const start = snapshot.units.find((unit) => unit.id === trigger)?.hex;
      if (start && hex) page.board()?.showPath([start, hex].map((label) => ({ hex: parseLabel(label), facing: 0 })));
    },
  };
}
