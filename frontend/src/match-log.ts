// The match log: every phase of every turn resolved so far (moves, rolls, hits, damage, heat, falls), kept
// for the whole match and filterable by phase and by words, in the page's language. It starts from the
// server's log (`GET /api/matches/<id>/log/`) and adds each playback as it comes, so a reload loses nothing.

import { combatRulings, phaseName } from "./combat-report";
import { t } from "./i18n";
import type { PlaybackFrame, Timeline } from "./protocol";
import { rulings } from "./rulings";

/** One phase's part of a resolution: a resolution batches the phase its last order closed and those after it. */
export interface LogEntry {
  v: number;
  turn: number;
  phase: string;
  lines: string[];
  annulled?: string;
}

export type LoggedFrame = PlaybackFrame & { annulled?: string };

/** A resolution's entries: its own phase's rulings, then one per combat report (weapons, physical, heat, end). */
export function logEntries(frame: LoggedFrame, reader: (timeline: Timeline) => string[] = rulings): LogEntry[] {
  const { v, turn, annulled } = frame;
  const own = reader({ ...frame.timeline, combat: [] });
  const entries: LogEntry[] = own.length ? [{ v, turn, phase: frame.phase, lines: own, annulled }] : [];
  for (const report of frame.timeline.combat ?? []) {
    const lines = combatRulings([report]);
    if (lines.length) entries.push({ v, turn, phase: report.phase, lines, annulled });
  }
  if (entries.length === 0) entries.push({ v, turn, phase: frame.phase, lines: [t("Nothing happened.")], annulled });
  return entries;
}

/** Does the entry pass the filter: its phase (or every phase), and every word of `words` in one of its lines? */
export function passes(entry: LogEntry, phase: string, words: string): boolean {
  if (phase && entry.phase !== phase) return false;
  const wanted = words.toLowerCase().split(/\s+/).filter(Boolean);
  return wanted.length === 0 || entry.lines.some((line) => wanted.every((word) => line.toLowerCase().includes(word)));
}

export class MatchLog {
  private readonly frames = new Map<number, LoggedFrame>();
  private readonly list: HTMLElement;
  private readonly phaseFilter: HTMLSelectElement;
  private readonly wordFilter: HTMLInputElement;
  private read: (timeline: Timeline) => string[] = rulings;

  constructor(
    private readonly root: HTMLElement,
    private readonly fetchLog: (url: string) => Promise<{ phases: LoggedFrame[] }> = async (url) =>
      {
        const response = await fetch(url, { credentials: "same-origin" });
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        return response.json();
      },
  ) {
    // The translations are our own catalogue's words, not a player's: safe to place as markup.
    root.innerHTML = `
      <h2 id="match-log-title">${t("Match log")}</h2>
      <p class="controls">
        <label>${t("Phase")} <select id="log-phase"><option value="">${t("All phases")}</option></select></label>
        <label>${t("Search")} <input id="log-words" type="search" size="10"></label>
      </p>
      <ol id="log-entries" aria-labelledby="match-log-title"></ol>`;
    root.setAttribute("aria-labelledby", "match-log-title");
    this.list = root.querySelector("#log-entries")!;
    this.phaseFilter = root.querySelector("#log-phase")!;
    this.wordFilter = root.querySelector("#log-words")!;
    this.phaseFilter.addEventListener("change", () => this.render());
    this.wordFilter.addEventListener("input", () => this.render());
  }

  /**
   * Fetch what was resolved before this page opened (again after a reconnect: the log replaces ours). A fetch
   * that fails is tried again a few times, `retryMs` apart; the playbacks this page sees are logged meanwhile.
   */
  async load(url: string, tries = 3, retryMs = 2000): Promise<void> {
    for (let attempt = 1; attempt <= tries; attempt++) {
      try {
        const log = await this.fetchLog(url);
        for (const frame of log.phases) this.frames.set(frame.v, frame);
        this.render();
        return;
      } catch {
        if (attempt < tries) await new Promise((done) => setTimeout(done, retryMs));
      }
    }
  }

  /** A resolution as it is played. */
  add(frame: PlaybackFrame): void {
    this.frames.set(frame.v, frame);
    this.render();
  }

  /** Say the timelines the ruleset's way (its `rulings` hook, panels.ts), the entries logged so far too. */
  set reader(reader: (timeline: Timeline) => string[]) {
    if (reader === this.read) return;
    this.read = reader;
    this.render();
  }

  /** Every entry, oldest first. */
  entries(): LogEntry[] {
    return [...this.frames.values()].sort((a, b) => a.v - b.v).flatMap((frame) => logEntries(frame, this.read));
  }

  private render(): void {
    const entries = this.entries();
    this.offerPhases(entries);
    const phase = this.phaseFilter.value;
    const words = this.wordFilter.value;
    const shown = entries.filter((entry) => passes(entry, phase, words));
    this.list.replaceChildren(...shown.map((entry) => this.item(entry)));
    this.root.hidden = this.frames.size === 0;
    this.list.scrollTop = this.list.scrollHeight; // the newest at the bottom, in view
  }

  /**
   * The phase filter offers the phases the log has, in the order they first came: the match's game's own (a
   * MEKATAC match has no weapons phase, skirmish numbers its orders), whatever the game. The choice stays.
   */
  private offerPhases(entries: LogEntry[]): void {
    const phases = [...new Set(entries.map((entry) => entry.phase))];
    const offered = [...this.phaseFilter.options].slice(1).map((option) => option.value);
    if (phases.join() === offered.join()) return;
    const chosen = this.phaseFilter.value;
    const options = phases.map((phase) => Object.assign(document.createElement("option"), { value: phase, textContent: phaseName(phase) }));
    this.phaseFilter.replaceChildren(this.phaseFilter.options[0], ...options);
    this.phaseFilter.value = phases.includes(chosen) ? chosen : "";
  }

  private item(entry: LogEntry): HTMLElement {
    const item = document.createElement("li");
    item.dataset.turn = String(entry.turn);
    item.dataset.phase = entry.phase;
    const title = document.createElement("h3");
    title.textContent = t("Turn %(turn)s · %(phase)s", { turn: entry.turn, phase: phaseName(entry.phase) });
    if (entry.annulled !== undefined) {
      item.dataset.annulled = "true";
      title.textContent += ` · ${t("annulled by the referee: %(reason)s", { reason: entry.annulled })}`;
    }
    const lines = document.createElement("ul");
    lines.replaceChildren(...entry.lines.map((line) => Object.assign(document.createElement("li"), { textContent: line })));
    item.append(title, lines);
    return item;
  }
}
