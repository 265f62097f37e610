// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { ChatPanel, roomsOf } from "../chat";
import type { ChatFrame, ClientFrame } from "../protocol";
import { judgeFrame } from "../socket";

const PAGE = `<section id="chat">
  <div data-room="players" hidden><ol></ol></div>
  <div data-room="spectators" hidden><ol></ol></div>
  <form><input name="text"><button type="submit">Send</button></form>
  <p id="chat-message"></p>
</section>`;

const message = (id: number, room: ChatFrame["room"], player: string, text: string): ChatFrame => ({
  type: "chat", v: 9, id, room, player, text, at: "2026-11-30T08:00:00+00:00",
});

let sent: ClientFrame[];
let connected: boolean;
let chat: ChatPanel;
const lines = (room: string) => [...document.querySelectorAll(`[data-room='${room}'] li`)].map((li) => li.textContent);
const field = () => document.querySelector<HTMLInputElement>("input[name=text]")!;
const say = (text: string) => {
  field().value = text;
  document.querySelector("form")!.dispatchEvent(new Event("submit", { cancelable: true }));
};
const notice = () => document.querySelector<HTMLElement>("#chat-message")!;

beforeEach(() => {
  document.body.innerHTML = PAGE;
  sent = [];
  connected = true;
  chat = new ChatPanel(document.querySelector("#chat")!, (frame) => connected && sent.push(frame) > 0);
});

describe("the chat panes", () => {
  it("show the rooms each role reads: players and spectators apart, the referee both", () => {
    expect([roomsOf("player"), roomsOf("spectator"), roomsOf("referee")]).toEqual([
      ["players"], ["spectators"], ["players", "spectators"],
    ]);
    chat.show("spectator");
    const hidden = () => [...document.querySelectorAll<HTMLElement>("[data-room]")].map((pane) => pane.hidden);
    expect(hidden()).toEqual([true, false]);
    chat.show("referee");
    expect(hidden()).toEqual([false, false]);
  });

  it("put each message in its room once, in the server's order, its escaped words shown as text", () => {
    chat.add(message(3, "players", "bob", "&lt;b&gt;hola&lt;/b&gt; &amp; adiós"));
    chat.add(message(1, "players", "al&lt;ice", "first"));
    chat.add(message(3, "players", "bob", "&lt;b&gt;hola&lt;/b&gt; &amp; adiós")); // history and socket both
    chat.add(message(2, "spectators", "carol", "go B!"));
    expect(lines("players")).toEqual(["al<ice: first", "bob: <b>hola</b> & adiós"]);
    expect(document.querySelector("[data-room='players'] b")).toBeNull();
    expect(lines("spectators")).toEqual(["carol: go B!"]);
  });

  it("are applied whatever version the socket has seen: a chat frame bumps no version", () => {
    expect(judgeFrame(9, message(4, "players", "bob", "hi"))).toBe("apply");
    expect(judgeFrame(9, { type: "chat_sent", v: 9, id: 4 })).toBe("apply");
  });

  it("load the rooms' history", async () => {
    const history = [message(5, "spectators", "carol", "late"), message(4, "spectators", "dan", "early")];
    await chat.loadHistory("/api/matches/1/chat/", async () => new Response(JSON.stringify(history)));
    expect(lines("spectators")).toEqual(["dan: early", "carol: late"]);
    expect(document.querySelector<HTMLElement>("#chat")!.dataset.history).toBe("loaded");
  });
});

describe("posting", () => {
  it("sends the line, and empties the field once the server took it", () => {
    say("  good luck  ");
    expect(sent).toEqual([{ type: "chat", text: "good luck" }]);
    say("again"); // one at a time
    expect(sent).toHaveLength(1);
    chat.handleSent();
    expect(field().value).toBe("");
  });

  it("keeps a refused line in the field with the reason, and leaves other errors to their panels", () => {
    say("spam");
    chat.handleError("move.illegal", "That step is illegal.");
    expect(notice().textContent).toBe("");
    chat.handleError("chat.rate_limited", "Too many chat messages; wait a moment.");
    expect([notice().dataset.code, field().value]).toEqual(["chat.rate_limited", "spam"]);
    say("spam");
    expect(sent).toHaveLength(2); // free to try again
  });

  it("says so when there is no connection, and frees the field when one drops with a line in flight", () => {
    connected = false;
    say("hello");
    expect(notice().dataset.code).toBe("socket.closed");
    connected = true;
    say("hello");
    chat.interrupt();
    expect(notice().dataset.code).toBe("socket.closed");
    say("hello");
    expect(sent).toHaveLength(2);
  });
});
