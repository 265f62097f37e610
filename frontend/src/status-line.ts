// The match page's status line (#status): what the last frame or the connection said, with the code of a
// refusal or of a referee's action (`data-code`) so that a later frame knows what it replaces.

import { t } from "./i18n";

/** What the page says when the referee acts. */
export function refereeActionText(
  action: "paused" | "resumed" | "annulled" | "overridden",
  values: Record<string, string>,
): string {
  switch (action) {
    case "paused":
      return t("The referee %(referee)s paused the match: %(reason)s", values);
    case "resumed":
      return t("The referee %(referee)s resumed the match: %(reason)s", values);
    case "annulled":
      return t("The referee %(referee)s annulled the last phase: %(reason)s", values);
    case "overridden":
      return t("The referee %(referee)s corrected a unit: %(reason)s", values);
  }
}

export class StatusLine {
  /** Whether this connection has said it is connected (once per connection). */
  private greeted = false;

  constructor(private readonly root: HTMLElement) {}

  get code(): string {
    return this.root.dataset.code ?? "";
  }

  show(text: string, code = ""): void {
    this.root.textContent = text;
    this.root.dataset.code = code;
  }

  /** The connection is (re)opening or lost: the next open connection says so again. */
  disconnected(): void {
    this.greeted = false;
  }

  /**
   * The connection is open and the page knows the viewer's `role`: "Connected." (or "Watching."), once per
   * connection and not at every redraw of the position, which would wipe what a frame has just said here. A
   * coded message (a refusal, the referee's action) stays.
   */
  greet(role: string): void {
    if (this.greeted) return;
    this.greeted = true;
    if (!this.code) this.show(role === "spectator" ? t("Watching.") : t("Connected."));
  }
}
