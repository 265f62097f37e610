// The MEKATAC panels by the names its hints give them (rules/rulesets/mekatac/view.py `hints`): "move", a meka's
// movement order with its attacks, cards and standing instruction (move-panel.ts). Reactions during another
// meka's move are the core's reaction panel, offered what the server's window asks; the hand is shown in the
// move panel (a side's hand reaches only its player: the server's view decides).

import type { Panel, PanelPage, RulesetPanels } from "../../panels";
import type { ServerFrame } from "../../protocol";
import { errorText } from "../../errors";
import { MekatacMovePanel } from "./move-panel";

/** The page's BattleTech tools, not this ruleset's: the movement markup and the split line-of-sight choices. */
const NOT_MEKATAC = ["#orders", "#split-los"];

function moveSection(root: HTMLElement): HTMLElement {
  const section = document.createElement("section");
  section.id = "mekatac-move";
  section.className = "panel";
  for (const selector of NOT_MEKATAC) root.querySelector<HTMLElement>(selector)?.setAttribute("hidden", "");
  root.querySelector("#reaction")?.before(section);
  return section;
}

export function mekatacPanels(page: PanelPage): RulesetPanels {
  const move = new MekatacMovePanel(moveSection(page.root), {
    send: (frame) => page.send(frame as never),
    drawPath: (positions) => page.board()?.showPath(positions),
  });
  const panel: Panel = {
    show: ({ snapshot }) => move.show(snapshot),
    stop: () => move.stop(),
    handle: (frame: ServerFrame) => {
      if (frame.type === "plotted" || frame.type === "order_accepted") move.handle(frame as never);
      else if (frame.type === "error") move.handle(frame, errorText(frame));
    },
    interrupt: () => move.interrupt(),
    hold: () => {},
    reopen: () => {},
  };
  return { panels: { move: panel } };
}
