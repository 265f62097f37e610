// How the board draws terrain: the colour-blind-safe palette, a pattern per terrain feature (so colour is
// never the only signal), clear ground shaded by level, and a hex's short note (level, depth, building CF).

import { t } from "./i18n";
import { type Feature, constructionFactor } from "./terrain";

const SVG = "http://www.w3.org/2000/svg";

// Okabe–Ito colour-blind-safe palette.
export const OKABE_ITO = {
  orange: "#E69F00",
  skyBlue: "#56B4E9",
  bluishGreen: "#009E73",
  yellow: "#F0E442",
  blue: "#0072B2",
  vermillion: "#D55E00",
  reddishPurple: "#CC79A7",
  black: "#000000",
};

/** Terrain features we draw with a pattern; others are named in the hex's tooltip only. */
const PATTERNED = ["woods", "water", "rough", "swamp", "pavement", "road", "building", "ice", "rubble"];

export function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number> = {},
  parent?: Element,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  parent?.appendChild(node);
  return node;
}

/** Clear ground gets lighter with height below zero and darker above it, one step per level. */
export function levelShade(level: number): string {
  const lightness = Math.max(35, Math.min(96, 90 - level * 10));
  return `hsl(40, 25%, ${lightness}%)`;
}

export function definePatterns(defs: SVGDefsElement): void {
  const pattern = (id: string, size: number, background: string, draw: (p: SVGPatternElement) => void) => {
    const p = el("pattern", { id, width: size, height: size, patternUnits: "userSpaceOnUse" }, defs);
    el("rect", { width: size, height: size, fill: background }, p);
    draw(p);
  };
  // Woods: little trees; heavy woods (level 2+) packs them twice as densely.
  for (const [id, size] of [["woods-1", 16], ["woods-2", 10]] as const) {
    pattern(`terrain-${id}`, size, OKABE_ITO.bluishGreen, (p) => {
      el("path", { d: `M${size / 2} 2 L${size - 3} ${size - 4} H3 Z`, fill: "#00553f" }, p);
    });
  }
  pattern("terrain-water", 14, OKABE_ITO.skyBlue, (p) => {
    el("path", { d: "M0 7 Q3.5 3 7 7 T14 7", fill: "none", stroke: "#ffffff", "stroke-width": 1.5 }, p);
  });
  pattern("terrain-rough", 10, OKABE_ITO.orange, (p) => {
    el("circle", { cx: 3, cy: 3, r: 1.6, fill: "#6b4a00" }, p);
    el("circle", { cx: 8, cy: 7, r: 1.2, fill: "#6b4a00" }, p);
  });
  pattern("terrain-swamp", 12, OKABE_ITO.reddishPurple, (p) => {
    el("path", { d: "M2 9 H10 M6 9 V4", stroke: "#4d2a40", "stroke-width": 1.2 }, p);
  });
  for (const id of ["pavement", "road"]) {
    pattern(`terrain-${id}`, 8, "#bbbbbb", (p) => {
      el("path", { d: "M0 8 L8 0", stroke: "#777777", "stroke-width": 1 }, p);
    });
  }
  pattern("terrain-building", 12, "#999999", (p) => {
    el("rect", { x: 2, y: 2, width: 8, height: 8, fill: "none", stroke: "#333333", "stroke-width": 1.2 }, p);
  });
  pattern("terrain-ice", 10, "#e8f6ff", (p) => {
    el("path", { d: "M0 0 L10 10 M10 0 L0 10", stroke: OKABE_ITO.skyBlue, "stroke-width": 0.8 }, p);
  });
  pattern("terrain-rubble", 10, "#a89f91", (p) => {
    el("rect", { x: 2, y: 5, width: 3, height: 3, fill: "#4a443b" }, p);
    el("rect", { x: 6, y: 1, width: 3, height: 2, fill: "#4a443b" }, p);
  });
}

export function patternFor(name: string, level: number): string | null {
  if (!PATTERNED.includes(name)) return null;
  if (name === "woods") return `url(#terrain-woods-${level >= 2 ? 2 : 1})`;
  return `url(#terrain-${name})`;
}

/** Short text for a hex: its level when not 0, water depth, and a building's CF (it drops in play). */
export function hexNote(level: number, features: Feature[]): string {
  const parts: string[] = [];
  if (level !== 0) parts.push(`▲${level}`);
  const water = features.find(([name]) => name === "water");
  if (water) parts.push(`≈${water[1]}`);
  const cf = constructionFactor(features);
  if (cf !== null) parts.push(t("CF %(cf)s", { cf }));
  return parts.join(" ");
}
