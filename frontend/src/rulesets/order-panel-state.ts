// What the rulesets' order panels show alike: their state (choosing, sent, submitted…) on the panel's own
// controls, and a refusal or notice with its error code (tests and styles read data-code).

export function showOrderState(root: HTMLElement, state: string): void {
  root.dataset.state = state;
  root.querySelector<HTMLElement>(".when-submitted")!.hidden = state !== "submitted";
  root.querySelector<HTMLButtonElement>("[data-action='submit']")!.disabled = state !== "choosing";
}

export function showPanelMessage(root: HTMLElement, text: string, code = ""): void {
  const message = root.querySelector<HTMLElement>(".message")!;
  message.textContent = text;
  message.dataset.code = code;
}
