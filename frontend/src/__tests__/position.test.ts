import { describe, expect, it } from "vitest";
import { afterFrame } from "../position";
import type { PositionView, ServerFrame, Snapshot, Unit } from "../protocol";

const unit = (id: string, side: string, hex: string): Unit =>
  ({ id, side, kind: "mech", name: id, hex, facing: 0, walk: 5, run: 8 }) as Unit;

const snapshot: Snapshot = {
  type: "snapshot",
  v: 4,
  match: { id: 1, status: "in_progress", ruleset: "solaris", turn: 1, phase: "movement" },
  board: { width: 16, height: 17, hexes: {} },
  units: [unit("A", "alice", "0816"), unit("B", "bob", "0802")],
  mechs: {},
  sides: [
    { side: "alice", player: "alice", submitted: true },
    { side: "bob", player: "bob", submitted: false },
  ],
  you: { role: "player", side: "alice" },
  my_orders: [{ unit: "A", mode: "walk", steps: ["F"] }],
  last_playback: null,
  split_los: {},
};

const view = (awaits: string[], phase = "weapons"): PositionView => ({
  turn: 1,
  phase,
  board: { width: 16, height: 17, hexes: { "0806": { level: 0, terrain: "building:2" } } },
  units: [unit("A", "alice", "0815"), unit("B", "bob", "0803")],
  mechs: {},
  split_los: {},
  awaits,
});

describe("moving the page's copy of the match on, frame by frame", () => {
  it("takes a playback's view as the position and opens the next phase with no orders", () => {
    const playback: ServerFrame = { type: "playback", v: 5, turn: 1, phase: "movement", timeline: {}, view: view(["A"]) };
    const next = afterFrame(snapshot, playback)!;
    expect(next.v).toBe(5);
    expect([next.match.turn, next.match.phase]).toEqual([1, "weapons"]);
    expect(next.units.map((u) => u.hex)).toEqual(["0815", "0803"]);
    expect(next.board.hexes["0806"]).toEqual({ level: 0, terrain: "building:2" });
    expect(next.my_orders).toEqual([]);
    expect(next.last_playback).toBe(playback);
    // Only alice's unit has an order to give: bob's side has nothing awaited.
    expect(next.sides.map((s) => s.submitted)).toEqual([false, true]);
  });

  it("keeps the phase's orders and flags, and the board it leaves out, through a referee's correction", () => {
    const { board: _unchanged, ...position } = view(["A", "B"], "movement");
    const overridden: ServerFrame = { type: "overridden", v: 5, by: "ref", reason: "counter", view: position };
    const next = afterFrame(snapshot, overridden)!;
    expect(next.board).toBe(snapshot.board);
    expect(next.units[1].hex).toBe("0803");
    expect(next.my_orders).toEqual(snapshot.my_orders);
    expect(next.sides).toEqual(snapshot.sides);
  });

  it("follows the status through a pause, a resumption, the start and the end", () => {
    const paused = afterFrame(snapshot, { type: "paused", v: 5, by: "ref", reason: "tea" })!;
    expect(paused.match.status).toBe("paused");
    expect(afterFrame(paused, { type: "resumed", v: 6, by: "ref", reason: "back" })!.match.status).toBe("in_progress");
    const result = { winner: "alice", reason: "B is out", victory_points: {}, turn: 3 };
    const over = afterFrame(snapshot, { type: "finished", v: 5, result })!;
    expect([over.match.status, over.match.result]).toEqual(["finished", result]);
    const lobby = { ...snapshot, match: { ...snapshot.match, status: "open" } };
    const started = afterFrame(lobby, { type: "started", v: 5, view: view(["A", "B"], "movement") })!;
    expect([started.match.status, started.sides.map((s) => s.submitted)]).toEqual(["in_progress", [false, false]]);
  });

  it("marks a side submitted and sets or clears a split line-of-sight side", () => {
    const submitted = afterFrame(snapshot, { type: "submitted", v: 5, side: "bob", player: "bob", turn: 1, phase: "movement" })!;
    expect(submitted.sides.map((s) => s.submitted)).toEqual([true, true]);
    const chosen = afterFrame(snapshot, { type: "los_side", v: 5, unit: "B", side: "left", chooser: "controller", by: "bob" })!;
    expect(chosen.split_los).toEqual({ B: { side: "left", by: "controller" } });
    const cleared = afterFrame(chosen, { type: "los_side", v: 6, unit: "B", side: null, chooser: "controller", by: "bob" })!;
    expect(cleared.split_los).toEqual({});
  });

  it("keeps a side unsubmitted while the server says it owes orders for more units", () => {
    const frame = { type: "submitted", v: 5, side: "bob", player: "bob", turn: 1, phase: "movement" } as const;
    const first = afterFrame(snapshot, { ...frame, side_submitted: false })!;
    expect(first.sides.map((s) => s.submitted)).toEqual([true, false]);
    const last = afterFrame(first, { ...frame, v: 6, side_submitted: true })!;
    expect(last.sides.map((s) => s.submitted)).toEqual([true, true]);
    const back = afterFrame(snapshot, { ...frame, type: "withdrawn", side: "alice", side_submitted: false })!;
    expect(back.sides.map((s) => s.submitted)).toEqual([false, false]);
  });

  it("cannot move the position without the frame's view: only a snapshot tells then", () => {
    expect(afterFrame(snapshot, { type: "annulled", v: 5, by: "ref", reason: "bad roll" })).toBeNull();
  });
});
