// The end-of-match summary (the snapshot's `summary` once the match is over, counted by the ruleset on the
// server from the log): a table of each unit's counts. The columns are the ruleset's; their words are here.

import { t } from "./i18n";
import type { SideInfo, Unit } from "./protocol";
import { unitName } from "./reasons";

export interface MatchSummary {
  units?: Record<string, Record<string, number>>;
}

/** The words of the counts a ruleset may give (Solaris: rules/rulesets/solaris/summary.py). */
export const SUMMARY_WORDS: Record<string, string> = {
  shots: "Shots",
  hits: "Hits",
  damage_dealt: "Damage dealt",
  damage_taken: "Damage taken",
};

/** Fills `root` with the summary's table (hidden when there is nothing counted). */
export function showSummary(root: HTMLElement, summary: MatchSummary | undefined, units: Unit[], sides: SideInfo[]): void {
  const rows = Object.entries(summary?.units ?? {});
  root.hidden = rows.length === 0;
  if (root.hidden) return root.replaceChildren();
  const columns = Object.keys(rows[0][1]);
  const cell = (tag: "th" | "td", text: string) => Object.assign(document.createElement(tag), { textContent: text });
  const head = document.createElement("tr");
  head.append(cell("th", t("Unit")), ...columns.map((column) => cell("th", column in SUMMARY_WORDS ? t(SUMMARY_WORDS[column]) : column)));
  const body = rows.map(([id, counts]) => {
    const unit = units.find((u) => u.id === id);
    const player = sides.find((side) => side.side === unit?.side)?.player;
    const row = document.createElement("tr");
    row.dataset.unit = id;
    const name = unit ? unitName(unit) : id;
    row.append(cell("th", player ? `${name} (${player})` : name));
    row.append(...columns.map((column) => Object.assign(cell("td", String(counts[column] ?? 0)), { className: column })));
    return row;
  });
  const table = document.createElement("table");
  table.append(Object.assign(document.createElement("caption"), { textContent: t("Match summary") }), head, ...body);
  root.replaceChildren(table);
}
