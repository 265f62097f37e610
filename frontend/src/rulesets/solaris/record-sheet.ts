// The Solaris VII record sheets: one per mech, the player's own first. Armour and internal structure by
// location on a mech diagram, the critical slots and what is destroyed, pilot hits, heat with the heat
// scale's effects, the MP left and why, and (for the player's own mech) ammunition. Every number is the
// server's (matches/combat_view.py): nothing here works a rule out. Redrawn from each snapshot, so the
// sheets follow the damage as the playback lands it.

import { t } from "../../i18n";
import type { Unit } from "../../protocol";
import type { ComponentInfo, MechInfo } from "../../protocol-combat";
import { reasonsText } from "../../reasons";

/** The locations as the diagram lays them out, seen from behind the mech (its left on the left). */
const DIAGRAM: Record<string, { x: number; y: number; w: number; h: number }> = {
  HD: { x: 78, y: 0, w: 44, h: 40 },
  LA: { x: 0, y: 48, w: 36, h: 80 },
  LT: { x: 39, y: 44, w: 38, h: 72 },
  CT: { x: 80, y: 44, w: 40, h: 84 },
  RT: { x: 123, y: 44, w: 38, h: 72 },
  RA: { x: 164, y: 48, w: 36, h: 80 },
  LL: { x: 45, y: 132, w: 40, h: 78 },
  RL: { x: 115, y: 132, w: 40, h: 78 },
};

/** English location names, the msgids of their translations. */
export const LOCATION_NAMES: Record<string, string> = {
  HD: "head", CT: "centre torso", LT: "left torso", RT: "right torso",
  LA: "left arm", RA: "right arm", LL: "left leg", RL: "right leg",
};

const SVG = "http://www.w3.org/2000/svg";
const PILOT_BOXES = 6; // a pilot dies at the sixth hit (Total Warfare)

/** How damaged a location is, for its colour (and its words, so colour is never the only signal). */
export function locationState(mech: MechInfo, location: string): "intact" | "armour" | "internal" | "destroyed" {
  if (mech.locations_destroyed?.includes(location) || (mech.internal[location] ?? 0) <= 0) return "destroyed";
  if ((mech.internal[location] ?? 0) < (mech.internal_max?.[location] ?? 0)) return "internal";
  const armour = (mech.armour[location] ?? 0) + (mech.rear_armour?.[location] ?? 0);
  const full = (mech.armour_max?.[location] ?? 0) + (mech.rear_armour_max?.[location] ?? 0);
  return armour < full ? "armour" : "intact";
}

/** The heat scale's effects at the mech's heat, in words. */
export function heatEffectsText(mech: MechInfo): string[] {
  const effects = mech.heat_effects;
  if (!effects) return [];
  const lines: string[] = [];
  if (effects.mp_loss) lines.push(t("−%(mp)s walking MP", { mp: effects.mp_loss }));
  if (effects.to_hit) lines.push(t("+%(modifier)s to hit", { modifier: effects.to_hit }));
  if (effects.automatic_shutdown) lines.push(t("the reactor shuts down"));
  else if (effects.shutdown_avoid) lines.push(t("shutdown unless it rolls %(target)s+", { target: effects.shutdown_avoid }));
  if (effects.ammo_explosion_avoid) {
    lines.push(t("ammunition explodes unless it rolls %(target)s+", { target: effects.ammo_explosion_avoid }));
  }
  if (lines.length === 0) lines.push(t("no effect"));
  return lines;
}

/** "Walking 6 → 4 MP (heat 10: −2 MP)": the MP the design has, what is left and why. */
export function movementText(mech: MechInfo): string {
  const move = mech.movement;
  if (!move) return "";
  const walk = t("walking %(walk)s → %(left)s MP", { walk: move.walk, left: move.walk_left });
  const jump = move.jump ? `, ${t("jumping %(jump)s → %(left)s MP", { jump: move.jump, left: move.jump_left })}` : "";
  const why = reasonsText(move.reasons, move.reason_codes);
  return why.length ? `${walk}${jump} (${why.join("; ")})` : `${walk}${jump}`;
}

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, parent: Element): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  parent.append(node);
  return node;
}

function html<K extends keyof HTMLElementTagNameMap>(tag: K, text = "", className = ""): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** The mech diagram: each location's armour (rear armour beside it for torsos) and internal structure. */
function diagram(mech: MechInfo): SVGSVGElement {
  const root = document.createElementNS(SVG, "svg");
  root.setAttribute("viewBox", "0 0 200 210");
  root.setAttribute("class", "mech-diagram");
  root.setAttribute("role", "img");
  for (const [location, box] of Object.entries(DIAGRAM)) {
    const state = locationState(mech, location);
    const group = svg("g", { class: `location ${state}`, "data-location": location, "data-state": state,
      "data-armour": mech.armour[location] ?? 0, "data-internal": mech.internal[location] ?? 0 }, root);
    const left = state === "destroyed" ? t("destroyed") : t("armour %(armour)s / %(max)s, structure %(internal)s / %(internal_max)s", {
      armour: mech.armour[location] ?? 0, max: mech.armour_max?.[location] ?? "?",
      internal: mech.internal[location] ?? 0, internal_max: mech.internal_max?.[location] ?? "?",
    });
    svg("title", {}, group).textContent = `${t(LOCATION_NAMES[location])}: ${left}`;
    svg("rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 4 }, group);
    const middle = box.x + box.w / 2;
    svg("text", { x: middle, y: box.y + 11, class: "location-name" }, group).textContent = location;
    svg("text", { x: middle, y: box.y + box.h / 2 + 5, class: "armour" }, group).textContent =
      state === "destroyed" ? "✕" : String(mech.armour[location] ?? 0);
    const rear = mech.rear_armour?.[location];
    if (rear !== undefined) svg("text", { x: middle, y: box.y + box.h - 15, class: "internal" }, group).textContent = `${t("R")} ${rear}`;
    svg("text", { x: middle, y: box.y + box.h - 5, class: "internal" }, group).textContent = `${t("IS")} ${mech.internal[location] ?? 0}`;
  }
  return root;
}

/** The critical slots, location by location: each item, struck through when destroyed. */
function criticals(mech: MechInfo): HTMLElement {
  const details = html("details", "", "criticals");
  details.append(html("summary", t("Critical slots")));
  const byLocation = new Map<string, ComponentInfo[]>();
  for (const component of mech.components ?? []) {
    byLocation.set(component.location, [...(byLocation.get(component.location) ?? []), component]);
  }
  for (const [location, components] of byLocation) {
    const list = html("ul");
    list.dataset.location = location;
    for (const component of components) {
      const item = html("li", `${component.slots.map((slot) => slot + 1).join("-")}. ${component.name}${component.rear ? " (R)" : ""}`);
      item.dataset.destroyed = String(component.destroyed);
      if (component.hit_slots.length) item.dataset.hit = "true";
      list.append(item);
    }
    details.append(html("h4", t(LOCATION_NAMES[location] ?? location)), list);
  }
  return details;
}

function pilot(mech: MechInfo): HTMLElement {
  const hits = mech.pilot_hits ?? 0;
  const line = html("p", `${t("Pilot hits")}: `, "pilot");
  line.dataset.hits = String(hits);
  for (let box = 1; box <= PILOT_BOXES; box++) line.append(html("span", box <= hits ? "■" : "□", "pilot-box"));
  if (!mech.conscious) line.append(` ${t("unconscious")}`);
  return line;
}

function heat(mech: MechInfo): HTMLElement {
  const block = html("div", "", "heat");
  block.dataset.heat = String(mech.heat);
  const meter = html("meter");
  Object.assign(meter, { min: 0, max: 30, low: 8, high: 14, optimum: 0, value: mech.heat });
  const dissipation = mech.heat_effects ? ` ${t("(dissipates %(heat)s a turn)", { heat: mech.heat_effects.dissipation })}` : "";
  block.append(html("p", `${t("Heat")}: ${mech.heat}${dissipation}`), meter,
    html("p", heatEffectsText(mech).join(" · "), "heat-effects"));
  return block;
}

function ammo(mech: MechInfo): HTMLElement | null {
  if (!mech.ammo?.length) return null;
  const list = html("ul", "", "ammo");
  list.setAttribute("aria-label", t("Ammunition"));
  for (const bin of mech.ammo) {
    const item = html("li", t("%(bin)s: %(shots)s shots", { bin: bin.label, shots: bin.shots }));
    item.dataset.shots = String(bin.shots);
    list.append(item);
  }
  return list;
}

/** One mech's sheet. */
export function recordSheet(unit: Unit, mech: MechInfo, player: string | null): HTMLElement {
  const sheet = html("article", "", "record-sheet");
  sheet.dataset.unit = unit.id;
  const owner = player ? ` (${player})` : "";
  const condition = mech.destroyed ? ` · ${t("destroyed")}` : mech.shutdown ? ` · ${t("shut down")}` : "";
  sheet.append(html("h3", `${unit.id} · ${mech.design}${owner}${condition}`), diagram(mech), pilot(mech), heat(mech));
  const movement = movementText(mech);
  if (movement) sheet.append(html("p", movement, "movement"));
  const bins = ammo(mech);
  if (bins) sheet.append(bins);
  sheet.append(criticals(mech));
  return sheet;
}

export interface SheetView {
  units: Unit[];
  mechs: Record<string, MechInfo>;
  /** Side → player name. */
  players: Record<string, string | null>;
  /** The viewer's side: its mechs come first. */
  side: string | null;
}

/** The record sheets panel of the match page. */
export class RecordSheets {
  /** Which sheets' critical slots are open, so a redraw keeps them open. */
  private readonly open = new Set<string>();

  constructor(private readonly root: HTMLElement) {
    root.addEventListener("toggle", (event) => {
      const details = event.target as HTMLDetailsElement;
      const unit = details.closest<HTMLElement>(".record-sheet")?.dataset.unit;
      if (unit) details.open ? this.open.add(unit) : this.open.delete(unit);
    }, true);
  }

  show(view: SheetView): void {
    const units = view.units.filter((unit) => unit.id in view.mechs);
    units.sort((a, b) => Number(b.side === view.side) - Number(a.side === view.side));
    this.root.hidden = units.length === 0;
    const sheets = units.map((unit) => {
      const sheet = recordSheet(unit, view.mechs[unit.id], view.players[unit.side] ?? null);
      sheet.querySelector("details")!.open = this.open.has(unit.id);
      return sheet;
    });
    this.root.querySelector(".sheets")!.replaceChildren(...sheets);
  }
}
