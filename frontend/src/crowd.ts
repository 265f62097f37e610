// Who else is at the match: the crowd count, how many spectators watch it (docs/protocol.md `crowd`), and the
// referee the host seated in the lobby (`seated_referee`), both shown to every viewer.

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
