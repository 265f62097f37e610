// MEKATAC's playback in words, for the rulings list and the match log: its timeline holds one part per phase it
// resolved (cards, initiative, movement with the shots fired during it; rules/rulesets/mekatac/report.py), each
// with its ticks of events. Every ruling is the server's coded reason in the page's language; a plain step or
// turn without a reason is only the path the board plays, not a ruling.

import { eventKindText, t } from "../../i18n";
import type { Timeline, TimelineEvent } from "../../protocol";
import { reasonText } from "../../reasons";

/** One phase of a MEKATAC resolution as the server reports it. */
export interface MekatacPhase {
  phase: string;
  ticks: TimelineEvent[][];
}

/** The phases of MEKATAC's table (rules/rulesets/mekatac/phases.py) as people say them. */
export const MEKATAC_PHASES: Record<string, string> = {
  cards: "Card phase",
  preparation: "Preparation",
  initiative: "Initiative",
  movement: "Movement",
  end: "End of turn",
};

const PLAIN_EVENTS = new Set(["step", "turn"]);

function phaseName(phase: string): string {
  return phase in MEKATAC_PHASES ? t(MEKATAC_PHASES[phase]) : phase;
}

function ruling(event: TimelineEvent): string | null {
  if (event.reason) return reasonText(event.reason, event.reason_code);
  return PLAIN_EVENTS.has(event.kind) ? null : `${event.unit} ${eventKindText(event.kind)}`;
}

/** Each ruling of the resolution, in the order played, named by its phase. */
export function mekatacRulings(timeline: Timeline): string[] {
  const phases = (timeline as { phases?: MekatacPhase[] }).phases ?? [];
  return phases.flatMap(({ phase, ticks }) =>
    ticks.flat().flatMap((event) => {
      const said = ruling(event);
      return said === null ? [] : [`${phaseName(phase)}: ${said}`];
    }),
  );
}
