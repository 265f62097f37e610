// Who else is at the match: the crowd count, how many spectators watch it (docs/protocol.md `crowd`), and the
// referee the host seated in the lobby (`seated_referee`), both shown to every viewer; and, to a spectator of a
// match with a spectator delay, a notice that what they see is behind the live match.

import { t } from "./i18n";
import type { Role } from "./protocol";

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

/** The delay notice, for spectators only: players and the referee see the match live (docs/protocol.md). */
export function showSpectatorDelay(line: HTMLElement, role: Role, delay: number | undefined): void {
  const delayed = role === "spectator" && (delay ?? 0) > 0;
  line.hidden = !delayed;
  line.dataset.delay = delayed ? String(delay) : "0";
  line.textContent = delayed
    ? t("Delayed view: you see the match as it stood %(phases)s resolved phases ago; the players see it live.", { phases: delay! })
    : "";
}
