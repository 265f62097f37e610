// What playback says over each unit, tick by tick: the events beyond plain steps and turns
// (blocked, charge, skid, fall, roll, stuck…), so they are seen as they happen and not only in the rulings.

import { eventKindText } from "./i18n";
import type { Timeline } from "./protocol";

const PLAIN = new Set(["step", "turn"]);

/** One entry per playback frame (the ticks, then the final poses): unit id → words for its events. */
export function eventFlags(timeline: Timeline): Record<string, string>[] {
  const ticks = (timeline.ticks ?? []).map((tick) => {
    const kinds: Record<string, string[]> = {};
    for (const event of tick) {
      if (PLAIN.has(event.kind)) continue;
      const words = (kinds[event.unit] ??= []);
      const word = eventKindText(event.kind);
      if (!words.includes(word)) words.push(word);
    }
    return Object.fromEntries(Object.entries(kinds).map(([unit, words]) => [unit, words.join(", ")]));
  });
  return [...ticks, {}];
}
