// The hex tooltip: what a hex is (number, level, terrain) and, while plotting, what reaching it costs.
// It follows the pointer over the board, and Esc dismisses it until the pointer moves to another hex
// (WCAG 1.4.13, content on hover).

export class HexTooltip {
  private readonly tip: HTMLElement;
  private shown: string | null = null;
  private dismissed: string | null = null;

  /**
   * `reading`: where a tap on a touch screen (no pointer hovers there) writes what the tapped hex is, since a
   * tooltip that follows the pointer never shows on a phone.
   */
  constructor(
    board: HTMLElement,
    private readonly describe: (hex: string) => string,
    keys: EventTarget = document,
    reading: HTMLElement | null = null,
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
    board.addEventListener("pointerup", (event) => {
      const hex = (event.target as Element).closest(".hex")?.getAttribute("data-hex");
      if (reading && hex && event.pointerType !== "mouse") {
        reading.textContent = this.describe(hex);
        reading.dataset.hex = hex;
      }
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

/**
 * The hints of the page's buttons (`data-hint`), in place of the browser's `title`, which no key dismisses.
 * Each hint is its element's description (aria-describedby: screen readers read it even while hidden) and
 * shows next to the element on hover or keyboard focus, until the pointer leaves, focus moves on, or Esc.
 */
export function attachHints(root: ParentNode = document, keys: EventTarget = document): void {
  const shown = new Set<HTMLElement>();
  root.querySelectorAll<HTMLElement>("[data-hint]").forEach((owner, index) => {
    const tip = document.createElement("span");
    tip.id = `hint-${index + 1}`;
    tip.className = "hint-tip";
    tip.setAttribute("role", "tooltip");
    tip.textContent = owner.dataset.hint ?? "";
    tip.hidden = true;
    document.body.append(tip);
    owner.setAttribute("aria-describedby", [owner.getAttribute("aria-describedby"), tip.id].filter(Boolean).join(" "));
    const show = () => {
      const box = owner.getBoundingClientRect();
      tip.style.left = `${box.left}px`;
      tip.style.top = `${box.bottom + 4}px`;
      tip.hidden = false;
      shown.add(tip);
    };
    const hide = () => {
      tip.hidden = true;
      shown.delete(tip);
    };
    owner.addEventListener("pointerenter", show);
    owner.addEventListener("focus", show);
    owner.addEventListener("pointerleave", hide);
    owner.addEventListener("blur", hide);
  });
  keys.addEventListener("keydown", (event) => {
    if ((event as KeyboardEvent).key !== "Escape") return;
    for (const tip of shown) tip.hidden = true;
    shown.clear();
  });
}
