// Building a movement path on the client. This only predicts where steps lead,
// for drawing and for turning clicks into steps; the server prices and judges them.

import { type Facing, type Hex, facingTowards, neighbour, turn } from "./hex";
import type { Mode, Step } from "./protocol";

export interface Position {
  readonly hex: Hex;
  readonly facing: Facing;
}

export function applyStep(at: Position, step: Step): Position {
  switch (step) {
    case "F":
      return { hex: neighbour(at.hex, at.facing), facing: at.facing };
    case "B":
      return { hex: neighbour(at.hex, turn(at.facing, 3)), facing: at.facing };
    case "L":
      return { hex: at.hex, facing: turn(at.facing, -1) };
    case "R":
      return { hex: at.hex, facing: turn(at.facing, 1) };
    case "SU":
    case "GP":
      return at; // standing up or going prone leaves the mech in its hex, facing as it did
  }
}

/** Every position along the path, starting with `start`. */
export function trace(start: Position, steps: readonly Step[]): Position[] {
  const positions = [start];
  for (const step of steps) positions.push(applyStep(positions[positions.length - 1], step));
  return positions;
}

/** The shortest run of L or R turns that brings `from` to `to`. */
export function turnsBetween(from: Facing, to: Facing): Step[] {
  const right = (to - from + 6) % 6;
  return right <= 3 ? Array<Step>(right).fill("R") : Array<Step>(6 - right).fill("L");
}

/**
 * Steps that take a unit at `at` into the adjacent hex `target`: face it and go
 * forward, or face away from it and back up when that needs fewer turns.
 * Running units (MASC too) never back up (Total Warfare: backward movement is walking only),
 * so for them only forward is offered. Returns null when `target` is not adjacent.
 */
export function stepsInto(at: Position, target: Hex, mode: Mode): Step[] | null {
  const direction = facingTowards(at.hex, target);
  if (direction === null) return null;
  const forward = [...turnsBetween(at.facing, direction), "F" as Step];
  if (mode !== "walk") return forward;
  const backward = [...turnsBetween(at.facing, turn(direction, 3)), "B" as Step];
  return backward.length < forward.length ? backward : forward;
}
