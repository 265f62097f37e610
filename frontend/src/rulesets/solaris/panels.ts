// The Solaris VII order panels by the names its hints give them (rules/rulesets/solaris/hints.py): "plot",
// the movement plotter, and "attack", the weapons and physical attack panel. The core opens them
// (frontend/src/panels.ts); this file only adapts them to its Panel shape.

import type { Panel, PanelPage, PanelTurn, RulesetPanels } from "../../panels";
import type { Order, ServerFrame, Unit } from "../../protocol";
import type { AttackOptions, AttackOrder } from "../../protocol-combat";
import { AttackPanel, type AttackPhase } from "./attack";
import { type PlotUnit, Plotter, plainLimit } from "./plot";
import { PlotMemory } from "./plot-memory";
import { errorText } from "../../errors";

/** The page as the Solaris panels use it: the movement panel's markup (match.html's #orders, players only). */
interface SolarisPage extends PanelPage {
  ordersRoot: HTMLElement;
}

/** Each attack on `target` checked alone by the server: what the attack panel shows before anything is declared. */
async function attackOptions(matchId: string, unit: string, target: string, twist: number, turn: number): Promise<AttackOptions> {
  const query = new URLSearchParams({ unit, target, twist: String(twist), turn: String(turn) });
  const response = await fetch(`/api/matches/${matchId}/attack-options/?${query}`, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`attack options: ${response.status}`);
  return response.json();
}

/** The attack panel's place: right after the movement order panel. */
function attackSection(ordersRoot: HTMLElement): HTMLElement {
  const section = document.createElement("section");
  section.id = "attack";
  section.className = "panel";
  section.hidden = true;
  ordersRoot.after(section);
  return section;
}

function plotPanel(page: SolarisPage): { panel: Panel; plotter: Plotter } {
  /** The unit and mode whose reachable hexes are asked for or shown, so a late answer for another is dropped. */
  let reaching: { id: string; mode: string; plain: number } | null = null;
  const plotter = new Plotter(page.ordersRoot, {
    send: (frame) => page.send(frame),
    drawPath: (p) => page.board()?.showPath(p),
    showReach: (unit, mode, turn) => {
      reaching = unit && { id: unit.id, mode, plain: plainLimit(unit, mode) };
      page.board()?.showReach({}, 0);
      if (unit) page.send({ type: "reach", unit: unit.id, mode, turn });
    },
    memory: new PlotMemory(page.matchId, page.storage),
  });
  const panel: Panel = {
    show: ({ snapshot, unit, hints, submitted }) => {
      page.ordersRoot.hidden = false;
      const modes = (hints.modes ?? {}) as PlotUnit["modes"];
      plotter.start({ ...unit, modes }, snapshot.match.turn, submitted as Order | null, snapshot.v);
    },
    stop: () => {
      page.ordersRoot.hidden = true;
      plotter.stop();
    },
    handle: (frame: ServerFrame) => {
      if (frame.type === "plotted" || frame.type === "order_accepted") {
        if ("attacks" in frame) return;
        if (frame.type === "order_accepted") plotter.handleAccepted(frame.order, frame.path);
        else plotter.handlePlotted(frame.order, frame.path);
      } else if (frame.type === "reach" && reaching?.id === frame.unit && reaching.mode === frame.mode) {
        page.board()?.showReach(frame.hexes, reaching.plain);
        plotter.handleReach(frame.unit, frame.mode, frame.paths);
      } else if (frame.type === "error") {
        plotter.handleError(frame.code, errorText(frame));
      }
    },
    interrupt: () => plotter.interrupt(),
    hold: () => plotter.holdPlot(),
    reopen: () => plotter.reopen(),
  };
  return { panel, plotter };
}

function attackPanel(page: SolarisPage): Panel {
  const attacks = new AttackPanel(attackSection(page.ordersRoot), {
    send: page.send,
    options: (...asked) => attackOptions(page.matchId, ...asked),
  });
  return {
    show: ({ snapshot, unit, hints, submitted }: PanelTurn) => {
      const mech = snapshot.mechs?.[unit.id];
      if (!mech) return attacks.stop();
      const targets = (hints.targets as string[] | undefined) ?? [];
      const enemies = snapshot.units.filter((u: Unit) => targets.includes(u.id));
      const phase = snapshot.match.phase as AttackPhase;
      attacks.start({ phase, turn: snapshot.match.turn, unit, mech, enemies, submitted: submitted as AttackOrder | null, v: snapshot.v });
    },
    stop: () => attacks.stop(),
    handle: (frame: ServerFrame) => {
      if ((frame.type === "plotted" || frame.type === "order_accepted") && "attacks" in frame) {
        attacks.handleChecked(frame.order, frame.attacks, frame.type === "order_accepted");
      } else if (frame.type === "error") {
        attacks.handleError(frame.code, errorText(frame));
      }
    },
    interrupt: () => attacks.interrupt(),
    hold: () => {},
    reopen: () => attacks.reopen(),
  };
}

/** The panels of a Solaris match page (none for a viewer without the order markup: not a player). */
export function solarisPanels(page: PanelPage): RulesetPanels {
  const ordersRoot = page.root.querySelector<HTMLElement>("#orders");
  if (!ordersRoot) return { panels: {} };
  const solaris = { ...page, ordersRoot };
  const plot = plotPanel(solaris);
  return { panels: { plot: plot.panel, attack: attackPanel(solaris) }, clickHex: (hex) => plot.plotter.clickHex(hex) };
}
