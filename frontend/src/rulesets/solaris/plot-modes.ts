// The plotter's words and numbers: the movement modes a unit's hints offer it and what each gives (rules/rulesets/
// solaris/hints.py), and how a plotted step and the rolls it needs are said in the page's language.

import { t } from "../../i18n";
import type { Check, Mode, PathStep, Unit } from "../../protocol";
import { reasonsText } from "../../reasons";

/** A movement mode's budget as the server's hints give it (rules/rulesets/solaris/hints.py): its PM, and up to
 * how many PM it needs no faster gait than walking (running, for MASC); past that the map dashes the reach. */
export interface ModeBudget {
  mp: number;
  plain: number;
}

/** What the plotter needs of a unit: where it stands, whether it lies prone, and the modes the hints offer it. */
export type PlotUnit = Pick<Unit, "id" | "hex" | "facing" | "prone"> & { modes: Partial<Record<Mode, ModeBudget>> };

const MODE_ORDER: Mode[] = ["walk", "run", "jump", "masc"];

/** The modes the unit may move in (the hints': jumping with jump jets, MASC when it has it), in a fixed order. */
export function modesOf(unit: PlotUnit): Mode[] {
  return MODE_ORDER.filter((mode) => mode in unit.modes);
}

/** The PM a mode gives. */
export function modeLimit(unit: PlotUnit, mode: Mode): number {
  return unit.modes[mode]?.mp ?? 0;
}

/** Reach up to this many PM needs no faster gait than walking (running, for MASC): past it, the map dashes it. */
export function plainLimit(unit: PlotUnit, mode: Mode): number {
  return unit.modes[mode]?.plain ?? 0;
}

export const MODE_NAMES: Record<Mode, string> = { walk: "walk", run: "run", jump: "jump", masc: "MASC" };

/** "piloting roll 5+: standing up (…): piloting 5 = 5": a roll a step needs, and why, in the page's language. */
export function checkText(check: Check): string {
  const why = reasonsText(check.reasons, check.reason_codes).join("; ");
  const values = { target: check.target };
  const roll = check.roll === "piloting" ? t("piloting roll %(target)s+", values) : t("roll %(target)s+", values);
  return why ? `${roll}: ${why}` : roll;
}

/** A plotted step as the list shows it: where it leads, its cost and the rolls it needs. */
export function stepText(step: string, hex: string, priced: PathStep | undefined): string {
  const name = step === "SU" ? t("stand up") : step === "GP" ? t("go prone") : step;
  if (!priced) return `${name} → ${hex}`;
  const notes = [t("%(mp)s PM", { mp: priced.mp }), ...(priced.checks ?? []).map(checkText)];
  return `${name} → ${hex} (${notes.join("; ")})`;
}
