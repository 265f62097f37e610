// The crowd count: how many spectators watch the match, shown to every viewer (docs/protocol.md `crowd`).

export function showCrowd(crowd: HTMLElement, spectators: number): void {
  crowd.hidden = false;
  crowd.dataset.spectators = String(spectators);
  crowd.querySelector("output")!.textContent = String(spectators);
}
