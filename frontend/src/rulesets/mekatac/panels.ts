// The MEKATAC panels by the names its hints give them (rules/rulesets/mekatac/view.py `hints`): "move", a meka's
// movement order with its attacks, cards and standing instruction (move-panel.ts), and "prepare", the side's
// upgrade and strategy cards before the first initiative roll when the decks are agreed (prepare-panel.ts). Reactions during another
// meka's move are the core's reaction panel, offered what the server's window asks; the hand is shown in the
// move panel (a side's hand reaches only its player: the server's view decides). Its playback is said in the
// rulings list and the log by rulings.ts; every viewer sees each meka's record sheet (record-sheet.ts).

import type { Panel, PanelPage, RulesetPanels } from "../../panels";
import type { ServerFrame } from "../../protocol";
import { errorText } from "../../errors";
import { MekatacMovePanel } from "./move-panel";
import { MekatacPreparePanel } from "./prepare-panel";
import { MekatacRecordSheets } from "./record-sheet";
import { mekatacRulings } from "./rulings";

/** The page's BattleTech tools, not this ruleset's: the movement markup and the split line-of-sight choices. */
const NOT_MEKATAC = ["#orders", "#split-los"];

function section(root: HTMLElement, id: string): HTMLElement {
  const placed = document.createElement("section");
  placed.id = id;
  placed.className = "panel";
  for (const selector of NOT_MEKATAC) root.querySelector<HTMLElement>(selector)?.setAttribute("hidden", "");
  root.querySelector("#reaction")?.before(placed);
  return placed;
}

/** A panel over one of the ruleset's order forms (the move and the preparation take the same frames). */
interface OrderForm {
  show(snapshot: Parameters<MekatacMovePanel["show"]>[0]): void;
  stop(): void;
  handle(frame: never, text?: string): void;
  interrupt(): boolean;
}

function panelOf(form: OrderForm): Panel {
  return {
    show: ({ snapshot }) => form.show(snapshot),
    stop: () => form.stop(),
    handle: (frame: ServerFrame) => {
      if (frame.type === "plotted" || frame.type === "order_accepted") form.handle(frame as never);
      else if (frame.type === "error") form.handle(frame as never, errorText(frame));
    },
    interrupt: () => form.interrupt(),
    hold: () => {},
    reopen: () => {},
  };
}

export function mekatacPanels(page: PanelPage): RulesetPanels {
  const move = new MekatacMovePanel(section(page.root, "mekatac-move"), {
    send: (frame) => page.send(frame as never),
    drawPath: (positions) => page.board()?.showPath(positions),
    drawCover: (half, full, blind) => page.board()?.showCover(half, full, blind),
  });
  const prepare = new MekatacPreparePanel(section(page.root, "mekatac-prepare"), {
    send: (frame) => page.send(frame as never),
  });
  const sheets = new MekatacRecordSheets(section(page.root, "mekatac-record"));
  return {
    panels: { move: panelOf(move), prepare: panelOf(prepare) },
    show: (snapshot) => sheets.show(snapshot),
    rulings: mekatacRulings,
  };
}
