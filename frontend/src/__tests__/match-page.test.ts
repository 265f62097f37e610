// @vitest-environment jsdom
// The whole match page (main.ts) on the server's own template, fed frames that two real pages received, in
// the orders the socket may bring them: a command's reply and the broadcast of the events it caused come by
// two paths, either first (the flaky e2e tests of issue 16 were this).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import recorded from "./match-page-frames.json";
import type { ServerFrame, Snapshot } from "../protocol";

const TEMPLATES = import.meta.glob<string>("../../../matches/templates/matches/*.html", {
  query: "?raw", import: "default", eager: true,
});

/** The match page as Django draws it for a player, template tags left out (both branches of an `if` kept). */
function matchPage(): string {
  const template = (name: string) => TEMPLATES[`../../../matches/templates/matches/${name}`];
  return template("match.html")
    .replace(/\{% include "matches\/([\w-]+\.html)"[^%]*%\}/g, (_, name: string) => template(name))
    .replace(/\{% comment %\}[\s\S]*?\{% endcomment %\}/g, "")
    .replace(/\{% trans "([^"]*)" %\}/g, "$1")
    .replace(/\{%[\s\S]*?%\}|\{#[\s\S]*?#\}/g, "")
    .replace(/\{\{ match\.id \}\}/g, "3")
    .replace(/\{\{[^}]*\}\}/g, "");
}

type Page = "alice" | "bob";
const frames = (page: Page): ServerFrame[] => {
  const list = structuredClone(recorded[page]) as unknown as ServerFrame[];
  const mechs = (list[0] as Snapshot).mechs;
  for (const frame of list) if (frame.type === "playback" && frame.view) frame.view.mechs ??= mechs!;
  return list;
};
const frame = (page: Page, type: string, v: number): ServerFrame =>
  frames(page).find((f) => f.type === type && "v" in f && f.v === v)!;

class FakeSocket {
  static last: FakeSocket;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  sent: unknown[] = [];
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {}
}

const receive = (...list: ServerFrame[]) => {
  for (const item of list) FakeSocket.last.onmessage!({ data: JSON.stringify(item) } as MessageEvent);
};
const status = () => document.querySelector("#status")!.textContent;

/** Opens the page as it loads (main.ts runs on import) with the socket open. */
async function openPage(): Promise<void> {
  document.title = "Take back · Árbitro";
  document.body.innerHTML = matchPage();
  await import("../main");
  FakeSocket.last.onopen!(new Event("open"));
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  sessionStorage.clear();
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("CSS", { escape: (text: string) => text.replace(/["\\]/g, "\\$&") }); // jsdom has no CSS.escape
  vi.stubGlobal("fetch", () => new Promise(() => {})); // the chat's history and the log: never answered here
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the your-turn cue when the last order resolves the phase", () => {
  // bob's move is the last the movement phase waits for: it resolves at once, and the weapons phase asks bob
  // for his attack.
  it("says it is bob's turn again when the reply to his move comes after the playback", async () => {
    await openPage();
    receive(...frames("bob").slice(0, 5)); // the snapshot, then alice's and bob's orders
    expect(document.title).toBe("Take back · Árbitro");
    receive(frame("bob", "playback", 5));
    vi.runAllTimers(); // the playback (no unit moves) ends
    expect(document.querySelector("#attack")!.getAttribute("data-state")).toBe("choosing");
    expect(document.title).toBe("● Your turn · Take back · Árbitro");
    // What recorded pages were sent: the reply 21 ms after the broadcast. It is about the movement phase.
    receive(frame("bob", "order_accepted", 5));
    expect(document.title).toBe("● Your turn · Take back · Árbitro");
    expect(status()).not.toContain("waiting for the other players");
  });

  it("says it once the playback ends when the reply comes first", async () => {
    await openPage();
    receive(...frames("bob").slice(0, 4));
    expect(document.title).toBe("● Your turn · Take back · Árbitro");
    receive(frame("bob", "order_accepted", 5));
    expect(document.title).toBe("Take back · Árbitro");
    expect(status()).toContain("waiting for the other players");
    receive(frame("bob", "submitted", 4), frame("bob", "playback", 5));
    expect(document.title).toBe("Take back · Árbitro"); // while the playback plays
    vi.runAllTimers();
    expect(document.title).toBe("● Your turn · Take back · Árbitro");
  });
});

describe("the status line of a playback", () => {
  it("names the phase as the rules title it", async () => {
    await openPage();
    const [snapshot, ...events] = frames("bob").slice(0, 5) as [Snapshot, ...ServerFrame[]];
    snapshot.hints = { ...snapshot.hints, phase_title: { code: "skirmish.phase_order", params: { number: 3 } } };
    receive(snapshot, ...events, frame("bob", "playback", 5));
    expect(status()).toBe("Turn 1: the Order 3 is resolved; watch it play.");
  });
});

describe("the status line after taking an order back", () => {
  const submittedAndAccepted = () => receive(...frames("alice").slice(0, 3));

  it("says the order is taken back when the reply comes before the broadcast", async () => {
    await openPage();
    submittedAndAccepted();
    receive(frame("alice", "order_withdrawn", 2), frame("alice", "withdrawn", 2));
    expect(document.querySelector("#orders")!.getAttribute("data-state")).toBe("plotting");
    expect(status()).toContain("Order taken back");
    expect(document.title).toBe("● Your turn · Take back · Árbitro");
  });

  it("says it when the broadcast comes first, and from the moment the order is back to change", async () => {
    await openPage();
    submittedAndAccepted();
    receive(frame("alice", "withdrawn", 2));
    expect(document.querySelector("#orders")!.getAttribute("data-state")).toBe("plotting");
    expect(status()).toContain("Order taken back");
    receive(frame("alice", "order_withdrawn", 2));
    expect(status()).toContain("Order taken back");
  });
});

describe("the connection in the status line", () => {
  it("says Connected. once the page is connected, not at every redraw of the position", async () => {
    await openPage();
    expect(status()).toBe("Connecting…");
    receive(frame("alice", "snapshot", 0));
    expect(status()).toBe("Connected.");
    receive(frame("alice", "submitted", 1));
    expect(status()).toBe("alice has submitted an order.");
    receive(frame("alice", "withdrawn", 2)); // redraws the position
    expect(status()).not.toBe("Connected.");
  });

  it("says it again after a reconnection, with or without a snapshot", async () => {
    await openPage();
    receive(frame("alice", "snapshot", 0), frame("alice", "submitted", 1));
    const first = FakeSocket.last;
    first.onclose!(new CloseEvent("close"));
    expect(status()).toBe("Connection lost: reconnecting…");
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.last).not.toBe(first);
    expect(FakeSocket.last.url).toContain("?v=1"); // the page catches up by version: no snapshot comes
    FakeSocket.last.onopen!(new Event("open"));
    expect(status()).toBe("Connected.");
  });
});
