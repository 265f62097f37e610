// The resolved phase explained in words: the initiative rolls, who was blocked and why,
// and the rules the resolution followed (the timeline's own reasons).

import type { Roll, Timeline } from "./protocol";

export function describeRoll(roll: Roll): string {
  const target = roll.target === null ? "" : ` (needs ${roll.target})`;
  return `${roll.reason}: ${roll.dice.join(" + ")} = ${roll.total}${target}`;
}

export function rulings(timeline: Timeline): string[] {
  const lines: string[] = [];
  if (timeline.initiative) {
    lines.push(...timeline.initiative.rolls.map(describeRoll));
    if (timeline.initiative.order.length > 1) {
      lines.push(`Initiative order: ${timeline.initiative.order.join(", ")} (the loser moves first)`);
    }
  }
  timeline.ticks.forEach((tick, index) => {
    for (const event of tick) {
      if (event.kind === "blocked") lines.push(`Tick ${index + 1}: ${event.unit} is blocked: ${event.reason ?? ""}`.trim());
    }
  });
  lines.push(...(timeline.reasons ?? []));
  return lines;
}
