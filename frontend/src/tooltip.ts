// The hex tooltip: what a hex is (number, level, terrain) and, while plotting, what reaching it costs.
// It follows the pointer over the board, and Esc dismisses it until the pointer moves to another hex
// (WCAG 1.4.13, content on hover).

export class HexTooltip {
  private readonly tip: HTMLElement;
  private shown: string | null = null;
  private dismissed: string | null = null;

  constructor(
    board: HTMLElement,
    private readonly describe: (hex: string) => string,
    keys: EventTarget = document,
  ) {
    this.tip = document.createElement("div");
    this.tip.className = "hex-tip";
    this.tip.setAttribute("role", "tooltip");
    this.tip.hidden = true;
    document.body.append(this.tip); // the board's own children are redrawn with each new board
    board.addEventListener("pointermove", (event) => {
      const hex = (event.target as Element).closest(".hex")?.getAttribute("data-hex") ?? null;
      this.show(hex, event.clientX, event.clientY);
    });
    board.addEventListener("pointerleave", () => {
      this.dismissed = null;
      this.show(null, 0, 0);
    });
    keys.addEventListener("keydown", (event) => {
      if ((event as KeyboardEvent).key !== "Escape" || this.shown === null) return;
      this.dismissed = this.shown;
      this.shown = null;
      this.tip.hidden = true;
    });
  }

  private show(hex: string | null, x: number, y: number): void {
    if (hex !== this.dismissed) this.dismissed = null;
    const visible = hex !== null && hex !== this.dismissed;
    this.shown = visible ? hex : null;
    this.tip.hidden = !visible;
    if (!visible) return;
    this.tip.textContent = this.describe(hex);
    this.tip.style.left = `${x + 14}px`;
    this.tip.style.top = `${y + 14}px`;
  }
}
