// The match page's header: the turn, the phase's title and the match's status. The ruleset titles the phase (its
// hints' `phase_title`, a coded reason: skirmish says "Order 3" for its phase `order-3`); a snapshot without one
// shows the phase's name, translated.
import { t } from "./i18n";
import type { Snapshot } from "./protocol";
import { type ReasonCode, render } from "./reasons";

/** The current phase's title in the page's language. */
export function phaseTitle(snapshot: Snapshot): string {
  const coded = (snapshot.hints as { phase_title?: ReasonCode } | undefined)?.phase_title;
  return (coded && render(coded)) ?? t(snapshot.match.phase);
}

/** The header's text and the turn and phase it shows (as data attributes, for the page's tests). */
export function showHeader(header: HTMLElement, snapshot: Snapshot): void {
  const { turn, phase, status } = snapshot.match;
  header.textContent = `${t("Turn")} ${turn} · ${phaseTitle(snapshot)} · ${t(status.replace("_", " "))}`;
  header.dataset.turn = String(turn);
  header.dataset.phase = phase;
}
