// The chat panes of the match page, the players' room and the spectators' room apart (docs/protocol.md
// "Chat"). A viewer reads the rooms the server sends them (a player the players', a spectator the
// spectators', the referee both) and posts to their own: the server picks the room.

import { t } from "./i18n";
import type { ChatFrame, ClientFrame, Role } from "./protocol";

export type Room = ChatFrame["room"];

/** The rooms a role reads, as the server decides them (matches/chat.py `rooms_of`). */
export function roomsOf(role: Role): Room[] {
  if (role === "referee") return ["players", "spectators"];
  return role === "player" ? ["players"] : ["spectators"];
}

/** The server sends `player` and `text` HTML-escaped; back to plain text, to be shown as text, never as markup. */
export function unescapeHtml(escaped: string): string {
  // A parsed document of its own is inert: nothing in it runs or loads.
  return new DOMParser().parseFromString(escaped, "text/html").documentElement.textContent ?? "";
}

export class ChatPanel {
  /** Message ids shown: the history and the socket may both bring one. */
  private readonly shown = new Set<number>();
  /** A message sent and not yet answered (`chat_sent` or an error). */
  private pending = false;
  private readonly form: HTMLFormElement | null;
  private readonly message: HTMLElement;

  /** The form is missing for a visitor who is not logged in: they read and cannot post. */
  constructor(
    private readonly root: HTMLElement,
    private readonly send: (frame: ClientFrame) => boolean,
  ) {
    this.form = root.querySelector("form");
    this.message = root.querySelector("#chat-message")!;
    this.form?.addEventListener("submit", (event) => {
      event.preventDefault();
      this.post();
    });
  }

  /** Show the panes of the rooms `role` reads. */
  show(role: Role): void {
    const rooms = roomsOf(role);
    for (const pane of this.root.querySelectorAll<HTMLElement>("[data-room]")) {
      pane.hidden = !rooms.includes(pane.dataset.room as Room);
    }
  }

  /** A message from the socket or the history, shown once, in the order the server numbered them. */
  add(frame: ChatFrame): void {
    const list = this.root.querySelector(`[data-room="${frame.room}"] ol`);
    if (!list || this.shown.has(frame.id)) return;
    this.shown.add(frame.id);
    const item = document.createElement("li");
    item.dataset.id = String(frame.id);
    const who = document.createElement("strong");
    who.textContent = unescapeHtml(frame.player);
    item.append(who, `: ${unescapeHtml(frame.text)}`);
    item.title = new Date(frame.at).toLocaleString();
    const later = [...list.children].find((other) => Number((other as HTMLElement).dataset.id) > frame.id);
    list.insertBefore(item, later ?? null);
  }

  /** The rooms' last messages (on connecting, and again after a dropped connection may have missed some). */
  async loadHistory(url: string, get: typeof fetch = fetch): Promise<void> {
    const response = await get(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (!response.ok) return;
    for (const frame of (await response.json()) as ChatFrame[]) this.add(frame);
    this.root.dataset.history = "loaded";
  }

  /** `chat_sent`: the message went out (its `chat` frame shows it); the field is ready for the next. */
  handleSent(): void {
    if (!this.pending) return;
    this.pending = false;
    this.form!.querySelector("input")!.value = "";
    this.setMessage("");
  }

  /** An error frame: chat's own errors (too long, too many) answer the message sent, which stays in the field. */
  handleError(code: string, text: string): void {
    if (!this.pending || !(code.startsWith("chat.") || code.startsWith("message."))) return;
    this.pending = false;
    this.setMessage(text, code);
  }

  /** The connection dropped with a message in flight: it may or may not have gone out; the history will tell. */
  interrupt(): void {
    if (!this.pending) return;
    this.pending = false;
    this.setMessage(t("The connection dropped before the server answered."), "socket.closed");
  }

  private post(): void {
    const text = this.form!.querySelector("input")!.value.trim();
    if (!text || this.pending) return;
    if (!this.send({ type: "chat", text })) {
      this.setMessage(t("Not connected: try again in a moment."), "socket.closed");
      return;
    }
    this.pending = true;
    this.setMessage("");
  }

  private setMessage(text: string, code = ""): void {
    this.message.textContent = text;
    this.message.dataset.code = code;
  }
}
