// The MEKATAC record sheets: one per meka the viewer's view shows, the viewer's own first, as the text's "papel y
// lápiz" record at the table: its armour (one figure: MEKATAC has no hit locations), the pilot's wounds, every
// critical result it took, each weapon with its ammunition and rounds, and the cards played on it (its upgrades,
// and what this turn's action cards do to it). Every figure is the server's view (rules/rulesets/mekatac/view.py);
// nothing here works a rule out. Redrawn from each snapshot.

import { t } from "../../i18n";
import type { Snapshot } from "../../protocol";
import { CARD_NAMES } from "./move-panel";
import { NAMES as UPGRADE_NAMES } from "./prepare-panel";

/** A meka's record as the view sends it (rules/rulesets/mekatac/state.py `meka_to_json`, with its weapons). */
export interface MekaRecord {
  id: string;
  side: string;
  design: { name: string; size: string };
  armour: number;
  wounds: number;
  destroyed: boolean;
  criticals: string[];
  broken: number[];
  loads: Record<string, string>;
  upgrades: string[];
  extra_mp: number;
  stuck: boolean;
  doubt: boolean;
  weapons: { index: number; label: string; ammo: number | null }[];
}

/** The critical results of the table ("TABLA DE CRÍTICOS", rules/rulesets/mekatac/tables.py) in words. */
export const CRITICAL_NAMES: Record<string, string> = {
  leg_destroyed: "leg destroyed", pilot_wounded: "pilot wounded", leg_damaged: "leg damaged",
  weapon: "weapon destroyed", reactor: "reactor breached", computer: "computer hit", shock: "shock",
  fall: "fall", electrical_fire: "electrical fire", no_effect: "no effect",
};
/** The ammunition types (rules/rulesets/mekatac/ammo.py) in words. */
export const LOAD_NAMES: Record<string, string> = {
  perforante: "armour-piercing", inteligente: "smart", alto_explosivo: "high explosive",
};
const PILOT_WOUNDS = 6; // "Cada piloto tiene 6 heridas."

const said = (names: Record<string, string>, key: string): string => (key in names ? t(names[key]) : key);

function weaponText(meka: MekaRecord, weapon: MekaRecord["weapons"][number]): string {
  const load = meka.loads[String(weapon.index)];
  const parts = [weapon.ammo === null ? t("unlimited ammunition") : t("%(shots)s shots", { shots: weapon.ammo })];
  if (load) parts.push(said(LOAD_NAMES, load));
  if (meka.broken.includes(weapon.index)) parts.push(t("destroyed"));
  return `${weapon.label}: ${parts.join(", ")}`;
}

/** The cards played on the meka: its upgrades, then this turn's action cards' effects on it. */
export function cardsText(meka: MekaRecord): string[] {
  const cards = meka.upgrades.map((card) => UPGRADE_NAMES[card] ?? card);
  if (meka.extra_mp) cards.push(t("%(mp)s MP more this turn", { mp: `+${meka.extra_mp}` }));
  if (meka.stuck) cards.push(`${CARD_NAMES.atascado}: ${t("the target cannot move this turn")}`);
  if (meka.doubt) cards.push(`${CARD_NAMES.duda}: ${t("the target cannot attack this turn")}`);
  return cards;
}

/** One meka's sheet as lines: its name, armour and wounds, criticals, weapons and cards. */
export function recordLines(meka: MekaRecord): { title: string; lines: string[] } {
  const criticals = meka.criticals.map((critical) => said(CRITICAL_NAMES, critical));
  const cards = cardsText(meka);
  return {
    title: `${meka.id} · ${meka.design.name}${meka.destroyed ? ` · ${t("destroyed")}` : ""}`,
    lines: [
      t("Armour %(armour)s · pilot wounds %(wounds)s of %(most)s", {
        armour: meka.armour, wounds: meka.wounds, most: PILOT_WOUNDS,
      }),
      t("Criticals: %(list)s", { list: criticals.length ? criticals.join(", ") : t("none") }),
      ...meka.weapons.map((weapon) => weaponText(meka, weapon)),
      t("Cards played: %(list)s", { list: cards.length ? cards.join(", ") : t("none") }),
    ],
  };
}

export class MekatacRecordSheets {
  constructor(private readonly root: HTMLElement) {
    root.setAttribute("aria-labelledby", "mekatac-record-title");
  }

  show(snapshot: Snapshot): void {
    const mekas = (snapshot.units as unknown as MekaRecord[]).filter((meka) => meka.design && meka.weapons);
    const side = snapshot.you.side;
    mekas.sort((a, b) => Number(b.side === side) - Number(a.side === side));
    const title = Object.assign(document.createElement("h2"), { id: "mekatac-record-title", textContent: t("Record sheets") });
    const sheets = mekas.map((meka) => {
      const { title: name, lines } = recordLines(meka);
      const sheet = document.createElement("article");
      sheet.dataset.meka = meka.id;
      const list = document.createElement("ul");
      list.replaceChildren(...lines.map((line) => Object.assign(document.createElement("li"), { textContent: line })));
      sheet.append(Object.assign(document.createElement("h3"), { textContent: name }), list);
      return sheet;
    });
    this.root.replaceChildren(title, ...sheets);
    this.root.hidden = mekas.length === 0;
  }
}
