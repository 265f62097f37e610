// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { type Panel, type PanelTurn, panelsToOpen, showPanels, withdrawable } from "../panels";
import { afterFrame } from "../position";
import type { CrowdFrame, ServerFrame, Snapshot, Unit } from "../protocol";

type Event = Exclude<ServerFrame, CrowdFrame>;

const unit = (id: string, side: string): Unit =>
  ({ id, side, kind: "mech", name: id, hex: "0808", facing: 0, walk: 5, run: 8 }) as Unit;

function snapshot(hints: Snapshot["hints"], extra: Partial<Snapshot> = {}): Snapshot {
  return {
    type: "snapshot", v: 7,
    match: { id: 1, status: "in_progress", ruleset: "solaris", turn: 2, phase: "weapons" },
    board: { width: 16, height: 17, hexes: {} },
    units: [unit("A", "alice"), unit("B", "bob")],
    sides: [{ side: "alice", player: "alice", submitted: false }, { side: "bob", player: "bob", submitted: false }],
    you: { role: "player", side: "alice" }, my_orders: [], last_playback: null, hints, ...extra,
  };
}

const attackHints = { phase: "weapons", panels: ["attack"], units: { A: { orders: true, targets: ["B"] } }, split_los: ["A"] };

/** A panel that writes down what it was asked to do. */
function recorder(): Panel & { calls: string[]; turns: PanelTurn[] } {
  const calls: string[] = [];
  const turns: PanelTurn[] = [];
  return {
    calls, turns,
    show: (turn) => { calls.push("show"); turns.push(turn); },
    stop: () => void calls.push("stop"),
    handle: () => {}, interrupt: () => false, hold: () => {}, reopen: () => {},
  };
}

describe("the panels a phase shows, from the server's hints", () => {
  it("opens the panels the hints name for the unit they ask an order of, with its hints", () => {
    expect(panelsToOpen(snapshot(attackHints))).toEqual([
      { panel: "attack", unit: unit("A", "alice"), hints: { orders: true, targets: ["B"] } },
    ]);
  });

  it("opens none when no unit of the viewer gives an order, for a spectator, or when the match is not in play", () => {
    const waiting = { ...attackHints, units: { A: { orders: false } } };
    expect(panelsToOpen(snapshot(waiting))).toEqual([]);
    expect(panelsToOpen(snapshot(attackHints, { you: { role: "spectator", side: null } }))).toEqual([]);
    const paused = snapshot(attackHints);
    expect(panelsToOpen({ ...paused, match: { ...paused.match, status: "paused" } })).toEqual([]);
    expect(panelsToOpen(snapshot(undefined))).toEqual([]);
  });

  it("shows the named panel with the submitted order, stops the others, and says whether an order is owed", () => {
    const [attack, plot] = [recorder(), recorder()];
    expect(showPanels({ attack, plot }, snapshot(attackHints))).toBe(true);
    expect([attack.calls, plot.calls]).toEqual([["show"], ["stop"]]);
    expect(attack.turns[0].submitted).toBeNull();

    const order = { unit: "A", target: "", weapons: [], twist: 0 };
    expect(showPanels({ attack, plot }, snapshot(attackHints, { my_orders: [order] }))).toBe(false);
    expect(attack.turns[1].submitted).toEqual(order);
  });
});

describe("taking back an order", () => {
  const order = { unit: "A", mode: "walk" as const, steps: ["F" as const] };

  it("is offered for a submitted order while the phase still asks for it and no reaction window is open", () => {
    const moving = { phase: "movement", panels: ["plot"], units: { A: { orders: true } } };
    expect(withdrawable(snapshot(moving, { my_orders: [order] }))).toEqual(["A"]);
    expect(withdrawable(snapshot(moving))).toEqual([]);
    const window = { key: "3:R:S", tick: 3, trigger: "R", units: ["S"], reason: "R ran next to S" };
    const reacting = { window, deadline: "2026-12-01T10:00:00Z", answered: [], choices: {} };
    expect(withdrawable(snapshot(moving, { my_orders: [order], reaction: reacting }))).toEqual([]);
  });

  it("follows the side's own submitted and withdrawn frames, which carry the order; others only flag the side", () => {
    const moving = snapshot({ phase: "movement", panels: ["plot"], units: { A: { orders: true } } }, { v: 4 });
    const base = { side: "alice", player: "alice", turn: 2, phase: "movement" };
    const submitted = afterFrame(moving, { type: "submitted", v: 5, ...base, order } as Event)!;
    expect([submitted.my_orders, submitted.sides[0].submitted]).toEqual([[order], true]);
    const withdrawn = afterFrame(submitted, { type: "withdrawn", v: 6, ...base, order } as Event)!;
    expect([withdrawn.my_orders, withdrawn.sides[0].submitted]).toEqual([[], false]);
    const theirs = afterFrame(moving, { type: "withdrawn", v: 5, ...base, side: "bob", player: "bob" } as Event)!;
    expect([theirs.my_orders, theirs.sides[1].submitted]).toEqual([[], false]);
  });
});
