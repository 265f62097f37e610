// The resolved phase explained in words: every roll, the initiative order, what happened
// beyond plain steps and turns (blocked, skids, falls…), the clashes between paths and how
// they were settled, and the rules the resolution followed.

import { combatRulings } from "./combat-report";
import { eventKindText, t } from "./i18n";
import type { Roll, Timeline } from "./protocol";
import { reasonText, reasonsText } from "./reasons";

export function describeRoll(roll: Roll): string {
  const values = { reason: reasonText(roll.reason, roll.reason_code), dice: roll.dice.join(" + "), total: roll.total };
  return roll.target === null
    ? t("%(reason)s: %(dice)s = %(total)s", values)
    : t("%(reason)s: %(dice)s = %(total)s (needs %(target)s)", { ...values, target: roll.target });
}

const PLAIN_EVENTS = new Set(["step", "turn"]);

/** The clash cases of rules/conflicts.py (docs/scenario.md) as people say them; a meeting is named by its event. */
const CONFLICT_CASES: Record<string, string> = {
  different_paths_different_targets: "crossing paths",
  different_paths_same_target: "same target",
  similar_paths_same_target: "similar paths, same target",
  similar_paths_different_targets: "paths head-on",
  held_hex: "hex held",
  coincident_paths: "coincident paths",
};

function conflictCase(name: string): string {
  return name in CONFLICT_CASES ? t(CONFLICT_CASES[name]) : eventKindText(name);
}

export function rulings(timeline: Timeline): string[] {
  const lines = (timeline.rolls ?? timeline.initiative?.rolls ?? []).map(describeRoll);
  if (timeline.initiative && timeline.initiative.order.length > 1) {
    lines.push(t("Initiative order: %(order)s (the loser moves first)", { order: timeline.initiative.order.join(", ") }));
  }
  (timeline.ticks ?? []).forEach((tick, index) => {
    for (const event of tick) {
      if (PLAIN_EVENTS.has(event.kind) && !event.reason) continue;
      const target = event.target ? ` (${event.target})` : "";
      const reason = event.reason ? `: ${reasonText(event.reason, event.reason_code)}` : "";
      const what = t("Tick %(tick)s: %(unit)s %(kind)s", { tick: index + 1, unit: event.unit, kind: eventKindText(event.kind) });
      lines.push(`${what}${target}${reason}`);
    }
  });
  for (const conflict of timeline.conflicts ?? []) {
    const where = conflict.hex ? ` in ${conflict.hex}` : "";
    const resolution = reasonText(conflict.resolution, conflict.resolution_code);
    lines.push(`${conflictCase(conflict.case)} (${conflict.units.join(", ")}${where}): ${resolution}`);
  }
  for (const [unit, outcome] of Object.entries(timeline.final ?? {})) {
    lines.push(...reasonsText(outcome.reasons, outcome.reason_codes).map((reason) => `${unit}: ${reason}`));
  }
  lines.push(...reasonsText(timeline.reasons, timeline.reason_codes));
  lines.push(...combatRulings(timeline.combat ?? []));
  return lines;
}
