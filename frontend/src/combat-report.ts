// What the fight did, in words and on the board: each attack's roll, hit location and damage, the heat
// and end-of-turn reports, the markers' conditions (destroyed, shut down) and the match-over banner.

import { t } from "./i18n";
import type { MatchResult, Roll, SideInfo, Unit } from "./protocol";
import type { CombatReport, MechInfo } from "./protocol-combat";
import { reasonText, reasonsText } from "./reasons";

/** The phases as the page names them (English msgids). */
export const PHASE_NAMES: Record<string, string> = {
  movement: "Movement",
  weapons: "Weapons",
  physical: "Physical",
  heat: "Heat",
  end: "End of turn",
};

/** The phases of the other rulesets (MEKATAC's; skirmish numbers its orders, "order-2"). */
const OTHER_PHASE_NAMES: Record<string, string> = { cards: "Cards", preparation: "Preparation" };

/** A phase in words, in the page's language (any other as the catalog has it: "over"). */
export function phaseName(phase: string): string {
  const order = /^order-(\d+)$/.exec(phase);
  if (order) return t("Order %(number)s", { number: order[1] });
  const name = PHASE_NAMES[phase] ?? OTHER_PHASE_NAMES[phase];
  return t(name ?? phase);
}

function dice(roll: Roll): string {
  return `${roll.dice.join(" + ")} = ${roll.total}`;
}

/** One line per attack (then where its damage went), then each report's own rulings (piloting rolls, heat). */
export function combatRulings(reports: CombatReport[]): string[] {
  const lines: string[] = [];
  for (const report of reports) {
    const phase = phaseName(report.phase);
    for (const attack of report.attacks) {
      const outcome = attack.hit ? t("hit, %(damage)s damage", { damage: attack.damage }) : t("miss");
      const { unit, target } = attack;
      const needs = attack.to_hit.target;
      const values = { phase, unit, attack: attack.attack, target, dice: dice(attack.roll), needs, outcome };
      lines.push(t("%(phase)s: %(unit)s %(attack)s → %(target)s: %(dice)s against %(needs)s: %(outcome)s", values));
      // The first reason repeats the roll just shown; the rest say where the damage went.
      const reasons = reasonsText(attack.reasons, attack.reason_codes);
      if (attack.hit) lines.push(...reasons.slice(1).map((reason) => `  ${reason}`));
    }
    lines.push(...reasonsText(report.reasons, report.reason_codes).map((reason) => `${phase}: ${reason}`));
  }
  return lines;
}

/** The units with their mech's condition, for the markers. */
export function withConditions(units: Unit[], mechs: Record<string, MechInfo> | undefined): Unit[] {
  return units.map((unit) => {
    const mech = mechs?.[unit.id];
    return mech ? { ...unit, destroyed: Boolean(mech.destroyed), shutdown: mech.shutdown } : unit;
  });
}

/** The match-over banner: who won (by player name), why, and the victory points. */
export function resultText(result: MatchResult, sides: SideInfo[]): string {
  const name = (side: string) => sides.find((s) => s.side === side)?.player ?? side;
  const points = Object.entries(result.victory_points)
    .map(([side, vp]) => `${name(side)} ${vp}`)
    .join(", ");
  const outcome = result.winner ? t("%(player)s wins", { player: name(result.winner) }) : t("a draw");
  const reason = reasonText(result.reason, result.reason_code);
  return t("Match over after turn %(turn)s: %(outcome)s (%(reason)s). Victory points: %(points)s.", {
    turn: result.turn,
    outcome,
    reason,
    points,
  });
}
