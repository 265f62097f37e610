// The SVG board: hexes shaded by level with a number, terrain drawn as a pattern
// (so colour is never the only signal), hex labels, units with facing and side colour,
// and the path being plotted.

import { isCursorKey, keepInView, moveCursor } from "./cursor";
import { type Hex, boardSize, hexCenter, hexCorners, hexLabel, parseLabel } from "./hex";
import { t } from "./i18n";
import { OKABE_ITO, definePatterns, el, hexNote, levelShade, patternFor } from "./map-terrain";
import type { Position } from "./path";
import type { Pose } from "./playback";
import type { Board, Unit } from "./protocol";
import { unitName } from "./reasons";
import { parseTerrain, terrainInWords } from "./terrain";
import { type View, panBy, zoomAt } from "./viewport";

const SIZE = 32;
/** A wedge on the north side of a marker; rotated, it points to the unit's front hexside. */
const FRONT_WEDGE = `M0 ${-SIZE * 0.85} L${SIZE * 0.3} ${-SIZE * 0.42} L${-SIZE * 0.3} ${-SIZE * 0.42} Z`;

/** Side colours in the order the match lists its sides. */
const SIDE_COLOURS = [OKABE_ITO.vermillion, OKABE_ITO.blue, OKABE_ITO.reddishPurple, OKABE_ITO.orange];

/** Runs `draw` in the frame after the next one, once the browser has painted what is there now. */
function afterFirstPaint(draw: () => void): void {
  if (typeof requestAnimationFrame !== "function") {
    draw(); // nothing paints here (a test's DOM): no reason to wait
    return;
  }
  requestAnimationFrame(() => requestAnimationFrame(draw));
}

function points(list: { x: number; y: number }[]): string {
  return list.map((p) => `${p.x.toFixed(2)},${p.y.toFixed(2)}`).join(" ");
}

export class BoardView {
  readonly svg: SVGSVGElement;
  private readonly unitLayer: SVGGElement;
  private readonly pathLayer: SVGGElement;
  private readonly reachLayer: SVGGElement;
  private readonly sightLayer: SVGGElement;
  private readonly cursorLayer: SVGGElement;
  /** Says the hex under the keyboard cursor (an aria-live line under the board). */
  private readonly cursorLine: HTMLElement;
  /** The keyboard cursor's hex, remembered while it is hidden (the board without focus); null before any. */
  private cursor: Hex | null = null;
  private readonly unitNodes = new Map<string, SVGGElement>();
  /** Accumulated rotation per unit, so a turn from NW to N rotates 60° and not 300°. */
  private readonly angles = new Map<string, number>();
  private sideColours = new Map<string, string>();
  private readonly full: View;
  private view: View;

  /** `onHexClick` hears a hex clicked, or picked with the keyboard cursor. */
  constructor(
    container: Element,
    private board: Board,
    private readonly onHexClick: (hex: Hex) => void,
  ) {
    const size = boardSize(board.width, board.height, SIZE);
    this.svg = el("svg", {
      class: "board",
      viewBox: `0 0 ${size.x.toFixed(1)} ${size.y.toFixed(1)}`,
      role: "img",
      tabindex: 0,
      "aria-label": t(
        "Board of %(width)s by %(height)s hexes: arrows move the hex cursor, Enter or Space picks its hex, Esc hides it, Shift and the arrows pan, + and - zoom, 0 fits",
        { width: board.width, height: board.height },
      ),
    });
    this.full = { x: 0, y: 0, w: size.x, h: size.y };
    this.view = this.full;
    definePatterns(el("defs", {}, this.svg));
    const hexLayer = el("g", { class: "hexes" }, this.svg);
    for (let col = 0; col < board.width; col++) {
      for (let row = 0; row < board.height; row++) hexLayer.append(this.drawHex(board, { col, row }));
    }
    this.reachLayer = el("g", { class: "reach" }, this.svg);
    this.sightLayer = el("g", { class: "sight" }, this.svg);
    this.pathLayer = el("g", { class: "path" }, this.svg);
    this.unitLayer = el("g", { class: "units" }, this.svg);
    this.cursorLayer = el("g", { class: "cursor" }, this.svg);
    hexLayer.addEventListener("click", (event) => {
      const target = (event.target as Element).closest("[data-hex]");
      if (!target) return;
      this.cursor = parseLabel(target.getAttribute("data-hex")!); // the keyboard goes on from the hex clicked
      onHexClick(this.cursor);
    });
    this.svg.addEventListener("blur", () => this.hideCursor());
    this.enablePanAndZoom();
    this.cursorLine = document.createElement("p");
    this.cursorLine.id = "board-cursor";
    this.cursorLine.setAttribute("aria-live", "polite");
    container.replaceChildren(this.svg, this.cursorLine);
    // Hex numbers are half the cost of drawing a big board: the board shows first, its numbers right after.
    afterFirstPaint(() => this.drawLabels(hexLayer));
  }

  /** The `CCRR` number on every hex (the "Hex numbers" checkbox hides them). */
  drawLabels(hexLayer: Element = this.svg.querySelector(".hexes")!): void {
    if (hexLayer.querySelector(".hex-label")) return;
    for (const g of hexLayer.querySelectorAll<SVGGElement>(".hex")) this.drawLabel(g);
  }

  private drawLabel(g: SVGGElement): void {
    const label = g.dataset.hex!;
    const center = hexCenter(parseLabel(label), SIZE);
    el("text", { x: center.x, y: center.y - SIZE * 0.55, class: "hex-label" }, g).textContent = label;
  }

  /**
   * The same board with terrain changed in play (a building's CF lowered, a collapse into rubble): only
   * the hexes that changed are drawn again, so the view, the cursor and the markers stay as they are.
   */
  updateTerrain(board: Board): void {
    const before = this.board;
    this.board = board;
    const clear = { level: 0, terrain: "" };
    for (const label of new Set([...Object.keys(before.hexes), ...Object.keys(board.hexes)])) {
      const [was, now] = [before.hexes[label] ?? clear, board.hexes[label] ?? clear];
      if (was.level === now.level && was.terrain === now.terrain) continue;
      const old = this.svg.querySelector<SVGGElement>(`.hex[data-hex="${label}"]`);
      if (!old) continue;
      const fresh = this.drawHex(board, parseLabel(label));
      if (old.querySelector(".hex-label")) this.drawLabel(fresh);
      old.replaceWith(fresh);
    }
  }

  /**
   * Shade the hexes a unit can reach, each tagged with its cheapest PM; past `plain` PM (its walk) it
   * must run, dashed.
   */
  showReach(hexes: Record<string, number>, plain: number): void {
    this.reachLayer.replaceChildren();
    for (const [label, mp] of Object.entries(hexes)) {
      this.shade(label, { class: mp > plain ? "reach-hex running" : "reach-hex", "data-mp": mp });
    }
  }

  /**
   * Shade the hexes a unit's weapons cover, as the server's hints give them: `half`, where a shot has its
   * range bonus, apart from the rest of the range, `full` (dashed), and `blind`, in arc and range but out of
   * sight (dotted, grey). Empty lists clear it.
   */
  showCover(half: string[], full: string[], blind: string[] = []): void {
    this.reachLayer.replaceChildren();
    for (const label of blind) this.shade(label, { class: "cover-hex blind", "data-bracket": "blind" });
    for (const label of full) this.shade(label, { class: "cover-hex full", "data-bracket": "full" });
    for (const label of half) this.shade(label, { class: "cover-hex half", "data-bracket": "half" });
  }

  private shade(label: string, attributes: Record<string, string | number>): void {
    const outline = points(hexCorners(hexCenter(parseLabel(label), SIZE), SIZE * 0.9));
    el("polygon", { points: outline, "data-hex": label, ...attributes }, this.reachLayer);
  }

  /** Mark a line of sight: its two ends and the hexes it crosses, in a warning style when blocked. */
  showSight(ends: string[], between: string[], blocked: boolean): void {
    this.sightLayer.replaceChildren();
    this.sightLayer.classList.toggle("blocked", blocked);
    const mark = (label: string, kind: string) => {
      const outline = points(hexCorners(hexCenter(parseLabel(label), SIZE), SIZE * 0.8));
      el("polygon", { points: outline, class: `sight-hex ${kind}`, "data-hex": label }, this.sightLayer);
    };
    between.forEach((label) => mark(label, "between"));
    ends.forEach((label) => mark(label, "end"));
    if (ends.length === 2) {
      const centres = ends.map((label) => hexCenter(parseLabel(label), SIZE));
      el("polyline", { points: points(centres), class: "sight-line" }, this.sightLayer);
    }
  }

  /** What the hex tooltip and the cursor say: the hex's name, the unit in it, its cost while reach is shaded. */
  describeHex(label: string): string {
    const name = this.svg.querySelector(`.hex[data-hex="${label}"]`)?.getAttribute("aria-label") ?? label;
    const unit = [...this.unitNodes.values()].find((node) => node.dataset.hex === label);
    const mp = this.reachLayer.querySelector<SVGElement>(`[data-hex="${label}"]`)?.dataset.mp;
    return [name, unit?.querySelector("title")?.textContent, mp === undefined ? "" : `${mp} PM`].filter(Boolean).join(" · ");
  }

  /** A word over a unit during playback for what just happened to it (blocked, skids, falls…); "" clears it. */
  flagUnit(unitId: string, text: string): void {
    const node = this.unitNodes.get(unitId);
    const flag = node?.querySelector(".unit-event");
    if (!node || !flag) return;
    flag.textContent = text;
    node.dataset.event = text;
  }

  zoom(factor: number): void {
    const centre = { x: this.view.x + this.view.w / 2, y: this.view.y + this.view.h / 2 };
    this.setView(zoomAt(this.view, factor, centre, this.full));
  }

  fit(): void {
    this.setView(this.full);
  }

  private setView(view: View): void {
    this.view = view;
    this.svg.setAttribute("viewBox", [view.x, view.y, view.w, view.h].map((n) => n.toFixed(1)).join(" "));
  }

  /** Board units per screen pixel (the SVG keeps its aspect ratio, so the larger ratio wins). */
  private scale(): number {
    const rect = this.svg.getBoundingClientRect();
    return Math.max(this.view.w / rect.width, this.view.h / rect.height);
  }

  private toBoard(clientX: number, clientY: number): { x: number; y: number } {
    const point = new DOMPoint(clientX, clientY).matrixTransform(this.svg.getScreenCTM()!.inverse());
    return { x: point.x, y: point.y };
  }

  /** Wheel and pinch zoom, drag to pan (a drag is not a click on a hex), keys when the board has focus. */
  private enablePanAndZoom(): void {
    const svg = this.svg;
    svg.addEventListener(
      "wheel",
      (event) => {
        event.preventDefault();
        this.setView(zoomAt(this.view, event.deltaY < 0 ? 1.2 : 1 / 1.2, this.toBoard(event.clientX, event.clientY), this.full));
      },
      { passive: false },
    );

    const pointers = new Map<number, { x: number; y: number }>();
    let downAt: { x: number; y: number } | null = null;
    let dragged = false;
    svg.addEventListener("pointerdown", (event) => {
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      downAt = { x: event.clientX, y: event.clientY };
      dragged = false;
    });
    svg.addEventListener("pointermove", (event) => {
      const before = pointers.get(event.pointerId);
      if (!before || !downAt) return;
      const now = { x: event.clientX, y: event.clientY };
      if (!dragged && Math.hypot(now.x - downAt.x, now.y - downAt.y) < 6) return;
      dragged = true;
      if (pointers.size === 1) {
        const scale = this.scale();
        this.setView(panBy(this.view, (before.x - now.x) * scale, (before.y - now.y) * scale, this.full));
      } else if (pointers.size === 2) {
        const other = [...pointers.entries()].find(([id]) => id !== event.pointerId)![1];
        const ratio = Math.hypot(now.x - other.x, now.y - other.y) / Math.hypot(before.x - other.x, before.y - other.y);
        const middle = this.toBoard((now.x + other.x) / 2, (now.y + other.y) / 2);
        if (Number.isFinite(ratio) && ratio > 0) this.setView(zoomAt(this.view, ratio, middle, this.full));
      }
      pointers.set(event.pointerId, now);
    });
    const release = (event: PointerEvent) => pointers.delete(event.pointerId);
    svg.addEventListener("pointerup", release);
    svg.addEventListener("pointercancel", release);
    svg.addEventListener(
      "click",
      (event) => {
        if (dragged) event.stopPropagation();
        dragged = false;
      },
      true,
    );

    svg.addEventListener("keydown", (event) => {
      const step = this.view.w / 10;
      const pans: Record<string, () => void> = {
        ArrowLeft: () => this.setView(panBy(this.view, -step, 0, this.full)),
        ArrowRight: () => this.setView(panBy(this.view, step, 0, this.full)),
        ArrowUp: () => this.setView(panBy(this.view, 0, -step, this.full)),
        ArrowDown: () => this.setView(panBy(this.view, 0, step, this.full)),
      };
      const moves: Record<string, () => void> = {
        "+": () => this.zoom(1.25),
        "=": () => this.zoom(1.25),
        "-": () => this.zoom(0.8),
        "0": () => this.fit(),
        Enter: () => this.pickCursor(),
        " ": () => this.pickCursor(),
      };
      if (event.key === "Escape") this.hideCursor(); // not handled here alone: Esc also puts tools away
      const move = event.shiftKey ? pans[event.key] : isCursorKey(event.key) ? () => this.stepCursor(event.key) : moves[event.key];
      if (move) {
        event.preventDefault();
        move();
      }
    });
  }

  /** Show the cursor where it was (first on the first unit, else mid-board), or move it one hex. */
  private stepCursor(key: string): void {
    const shown = this.cursorLayer.hasChildNodes();
    const home = this.unitNodes.values().next().value?.dataset.hex;
    const at = this.cursor ?? (home ? parseLabel(home) : { col: this.board.width >> 1, row: this.board.height >> 1 });
    this.cursor = shown ? moveCursor(at, key, this.board.width, this.board.height) : at;
    const centre = hexCenter(this.cursor, SIZE);
    this.cursorLayer.replaceChildren();
    const label = hexLabel(this.cursor);
    el("polygon", { points: points(hexCorners(centre, SIZE * 0.92)), class: "hex-cursor", "data-hex": label }, this.cursorLayer);
    this.setView(keepInView(this.view, centre, SIZE * 2, this.full));
    this.cursorLine.textContent = t("Cursor: %(hex)s", { hex: this.describeHex(label) });
  }

  private pickCursor(): void {
    if (this.cursor && this.cursorLayer.hasChildNodes()) this.onHexClick(this.cursor);
  }

  private hideCursor(): void {
    if (!this.cursorLayer.hasChildNodes()) return;
    this.cursorLayer.replaceChildren();
    this.cursorLine.textContent = "";
  }

  private drawHex(board: Board, hex: Hex): SVGGElement {
    const label = hexLabel(hex);
    const info = board.hexes[label] ?? { level: 0, terrain: "" };
    const features = parseTerrain(info.terrain);
    const center = hexCenter(hex, SIZE);
    const outline = points(hexCorners(center, SIZE));
    const g = el("g", { class: "hex", "data-hex": label, "data-level": info.level, "data-terrain": info.terrain });
    // A name for assistive technology; people with a pointer get the hex tooltip (tooltip.ts).
    g.setAttribute("aria-label", [label, t("level %(level)s", { level: info.level }), terrainInWords(features)].filter(Boolean).join(" · "));
    // Every polygon carries the hex's edge: one fewer element per hex than a separate outline.
    el("polygon", { points: outline, fill: levelShade(info.level), class: "hex-edge" }, g);
    for (const [name, level] of features) {
      const fill = patternFor(name, level);
      if (fill) el("polygon", { points: outline, fill, class: `hex-edge terrain-${name}`, "fill-opacity": 0.85 }, g);
    }
    const note = hexNote(info.level, features);
    if (note) el("text", { x: center.x, y: center.y + SIZE * 0.7, class: "hex-note" }, g).textContent = note;
    return g;
  }

  setSides(sides: string[]): void {
    this.sideColours = new Map(sides.map((side, i) => [side, SIDE_COLOURS[i % SIDE_COLOURS.length]]));
  }

  /** Draw the units (creating or moving their markers) without animation. */
  setUnits(units: Unit[]): void {
    const seen = new Set<string>();
    for (const unit of units) {
      seen.add(unit.id);
      if (!this.unitNodes.has(unit.id)) this.unitNodes.set(unit.id, this.drawUnit(unit));
      this.place(unit.id, { hex: unit.hex, facing: unit.facing }, false);
      this.markConditions(unit);
    }
    for (const [id, node] of this.unitNodes) {
      if (!seen.has(id)) {
        node.remove();
        this.unitNodes.delete(id);
      }
    }
  }

  private drawUnit(unit: Unit): SVGGElement {
    const colour = this.sideColours.get(unit.side) ?? OKABE_ITO.black;
    const g = el("g", { class: "unit", "data-unit": unit.id, "data-side": unit.side }, this.unitLayer);
    el("title", {}, g).textContent = `${unitName(unit)} (${unit.id}, ${unit.side})`;
    const body = el("g", { class: "unit-body" }, g);
    el("circle", { r: SIZE * 0.52, fill: colour, stroke: "#000", "stroke-width": 2 }, body);
    el("path", { d: FRONT_WEDGE, fill: "#000" }, body);
    el("text", { class: "unit-label", y: 1 }, g).textContent = unit.id;
    el("text", { class: "unit-condition", y: SIZE * 0.78 }, g);
    el("text", { class: "unit-event", y: -SIZE * 0.7 }, g);
    return g;
  }

  /** Prone, stuck, shut down and destroyed units, and a ruleset's markers, get a word under the marker. */
  private markConditions(unit: Unit): void {
    const node = this.unitNodes.get(unit.id)!;
    const conditions = [
      unit.destroyed && t("DESTROYED"),
      unit.shutdown && t("SHUT DOWN"),
      unit.prone && t("PRONE"),
      unit.stuck && t("STUCK"),
      // A ruleset's own states (skirmish: unconscious, engaged …), as its view names them.
      ...(unit.markers ?? []).map((marker) => t(marker.toUpperCase())),
    ];
    node.querySelector(".unit-condition")!.textContent = conditions.filter(Boolean).join(" ");
    node.dataset.prone = String(Boolean(unit.prone));
    node.dataset.stuck = String(Boolean(unit.stuck));
    node.dataset.destroyed = String(Boolean(unit.destroyed));
    node.dataset.shutdown = String(Boolean(unit.shutdown));
  }

  /** Move a unit marker to a pose; `animate` lets the CSS transition show the motion. */
  place(unitId: string, pose: Pose, animate: boolean): void {
    const node = this.unitNodes.get(unitId);
    if (!node) return;
    const left = node.getAttribute("data-hex");
    const before = this.angles.get(unitId);
    const target = pose.facing * 60;
    const angle = before === undefined ? target : before + ((((target - before) % 360) + 540) % 360) - 180;
    this.angles.set(unitId, angle);
    node.classList.toggle("animated", animate);
    (node.querySelector(".unit-body") as SVGGElement).style.transform = `rotate(${angle}deg)`;
    node.setAttribute("data-hex", pose.hex);
    node.setAttribute("data-facing", String(pose.facing));
    this.arrange(pose.hex);
    if (left && left !== pose.hex) this.arrange(left);
  }

  /** The markers in one hex: centred when alone, side by side when units share it (floors of a building). */
  private arrange(hex: string): void {
    const center = hexCenter(parseLabel(hex), SIZE);
    const sharing = [...this.unitNodes].filter(([, node]) => node.getAttribute("data-hex") === hex).sort(([a], [b]) => a.localeCompare(b));
    sharing.forEach(([, node], index) => {
      const x = center.x + (index - (sharing.length - 1) / 2) * SIZE * 0.6;
      node.style.transform = `translate(${x.toFixed(2)}px, ${center.y.toFixed(2)}px)`;
    });
  }

  /** Draw a plotted path: a line through the hexes entered and a marker at its end. */
  showPath(positions: Position[]): void {
    this.pathLayer.replaceChildren();
    if (positions.length < 2) return;
    const centres = positions.map((p) => hexCenter(p.hex, SIZE));
    el("polyline", { points: points(centres), class: "path-line" }, this.pathLayer);
    const end = positions[positions.length - 1];
    const c = centres[centres.length - 1];
    const ghost = el("g", { class: "path-end", "data-hex": hexLabel(end.hex), "data-facing": end.facing }, this.pathLayer);
    ghost.setAttribute("transform", `translate(${c.x.toFixed(2)} ${c.y.toFixed(2)}) rotate(${end.facing * 60})`);
    el("circle", { r: SIZE * 0.5, class: "path-ghost" }, ghost);
    el("path", { d: FRONT_WEDGE, class: "path-ghost-front" }, ghost);
  }
}
