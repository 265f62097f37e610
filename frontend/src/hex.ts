// BattleTech hex layout, the same as `rules.hexes` on the server.
//
// Labels are `CCRR`: 1-based column then row, two digits each, or as many as the larger of the two needs
// past 99 (`100005`, `10000005`). Hexes are flat-topped and the
// 0-based odd columns (printed 02, 04, ...) sit half a hex lower ("odd-q").
// Facings count clockwise from north: 0=N, 1=NE, 2=SE, 3=S, 4=SW, 5=NW.
// Offsets are for people and files; distances are computed in cube coordinates.

/** A hex by 0-based column and row. */
export interface Hex {
  readonly col: number;
  readonly row: number;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

export type Facing = 0 | 1 | 2 | 3 | 4 | 5;

/** Two halves of one width, 2 to 6 digits each (rules.core.hexes.MAX_LABEL_DIGITS). */
const LABEL = /^\d{4}(?:\d{2}){0,4}$/;

export function parseLabel(label: string): Hex {
  if (!LABEL.test(label)) throw new Error(`not a hex label: ${label}`);
  const half = label.length / 2;
  const col = Number(label.slice(0, half));
  const row = Number(label.slice(half));
  if (col < 1 || row < 1) throw new Error(`columns and rows count from 01: ${label}`);
  return { col: col - 1, row: row - 1 };
}

export function hexLabel(hex: Hex): string {
  const col = hex.col + 1;
  const row = hex.row + 1;
  const width = Math.max(2, String(Math.max(col, row)).length);
  return String(col).padStart(width, "0") + String(row).padStart(width, "0");
}

function isLowered(col: number): boolean {
  return Math.abs(col) % 2 === 1;
}

/** Offset change for one step in each facing, for upper and lowered columns. */
const STEP_UPPER: readonly (readonly [number, number])[] = [
  [0, -1], [1, -1], [1, 0], [0, 1], [-1, 0], [-1, -1],
];
const STEP_LOWERED: readonly (readonly [number, number])[] = [
  [0, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0],
];

export function neighbour(hex: Hex, facing: Facing): Hex {
  const [dc, dr] = (isLowered(hex.col) ? STEP_LOWERED : STEP_UPPER)[facing];
  return { col: hex.col + dc, row: hex.row + dr };
}

export const FACINGS: readonly Facing[] = [0, 1, 2, 3, 4, 5];

export function turn(facing: Facing, by: number): Facing {
  return (((facing + by) % 6) + 6) % 6 as Facing;
}

/** The facing whose step leads from `from` to the adjacent `to`, or null if not adjacent. */
export function facingTowards(from: Hex, to: Hex): Facing | null {
  for (const f of FACINGS) {
    const n = neighbour(from, f);
    if (n.col === to.col && n.row === to.row) return f;
  }
  return null;
}

interface Cube {
  x: number;
  y: number;
  z: number;
}

function toCube(hex: Hex): Cube {
  const x = hex.col;
  const z = hex.row - (hex.col - (isLowered(hex.col) ? 1 : 0)) / 2;
  return { x, y: -x - z, z };
}

export function distance(a: Hex, b: Hex): number {
  const p = toCube(a);
  const q = toCube(b);
  return Math.max(Math.abs(p.x - q.x), Math.abs(p.y - q.y), Math.abs(p.z - q.z));
}

/** Centre of a hex in pixels, for hexes of circumradius `size`, hex 0101 centred at (size, h/2). */
export function hexCenter(hex: Hex, size: number): Point {
  const height = Math.sqrt(3) * size;
  return {
    x: size + 1.5 * size * hex.col,
    y: height / 2 + height * (hex.row + (isLowered(hex.col) ? 0.5 : 0)),
  };
}

/** The six corners of a flat-topped hex, starting east and going clockwise (y grows downward). */
export function hexCorners(center: Point, size: number): Point[] {
  return FACINGS.map((i) => {
    const angle = (Math.PI / 3) * i;
    return { x: center.x + size * Math.cos(angle), y: center.y + size * Math.sin(angle) };
  });
}

/** Unit vector of a facing in screen coordinates (y grows downward). */
export function facingVector(facing: Facing): Point {
  const angle = (Math.PI / 3) * facing;
  return { x: Math.sin(angle), y: -Math.cos(angle) };
}

/** Pixel size of a board of `width` x `height` hexes. */
export function boardSize(width: number, height: number, size: number): Point {
  const hexHeight = Math.sqrt(3) * size;
  return {
    x: size * (1.5 * (width - 1) + 2),
    y: hexHeight * (height + (width > 1 ? 0.5 : 0)),
  };
}
