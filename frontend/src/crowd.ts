// Who else is at the match: the crowd count, how many spectators watch it (docs/protocol.md `crowd`), and the
// referee the host seated in the lobby (`seated_referee`), both shown to every viewer; and, to a spectator of a
// match with a spectator delay, a notice that what they see is behind the live match.

import { t } from "./i18n";
import type { Role, SpectatorDelays } from "./protocol";

export function showCrowd(crowd: HTMLElement, spectators: number): void {
  crowd.hidden = false;
  crowd.dataset.spectators = String(spectators);
  crowd.querySelector("output")!.textContent = String(spectators);
}

/** "Referee: dana" in the match header; hidden when nobody was seated (staff referee without a seat). */
export function showSeatedReferee(line: HTMLElement, referee: string | null | undefined): void {
  line.hidden = !referee;
  line.dataset.referee = referee ?? "";
  line.querySelector("output")!.textContent = referee ?? "";
}

/** The delay notice, for spectators only: players and the referee see the match live (docs/protocol.md).
 * A match delays spectators by resolved phases or by seconds, never both. */
export function showSpectatorDelay(line: HTMLElement, role: Role, options: SpectatorDelays | undefined): void {
  const phases = options?.spectator_delay ?? 0;
  const seconds = options?.spectator_delay_seconds ?? 0;
  const delayed = role === "spectator" && (phases > 0 || seconds > 0);
  line.hidden = !delayed;
  line.dataset.delay = delayed && phases > 0 ? String(phases) : "0";
  line.dataset.delaySeconds = delayed && seconds > 0 ? String(seconds) : "0";
  if (!delayed) line.textContent = "";
  else if (seconds > 0) {
    line.textContent = t("Delayed view: you see the match as it stood %(seconds)s seconds ago; the players see it live.", { seconds });
  } else {
    line.textContent = t("Delayed view: you see the match as it stood %(phases)s resolved phases ago; the players see it live.", { phases });
  }
}
