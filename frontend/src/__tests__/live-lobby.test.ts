// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { lobbyAction, refreshParts } from "../live-lobby";
import type { ServerFrame, Snapshot } from "../protocol";

const snapshot = (status: string) => ({ type: "snapshot", v: 3, match: { status } }) as unknown as Snapshot;

describe("the live lobby", () => {
  it("refreshes when someone joins, accepts or the options change, and moves to the match once it starts", () => {
    const frames = [
      { type: "joined", v: 2, player: "bob", role: "player", side: "blue" },
      { type: "accepted", v: 3, player: "bob", side: "blue", accepted: true, options: {} },
      { type: "options", v: 4, options: {}, by: "alice" },
      { type: "left", v: 5, player: "bob", role: "player", side: "blue" },
    ] as unknown as ServerFrame[];
    expect(frames.map(lobbyAction)).toEqual(["refresh", "refresh", "refresh", "refresh"]);
    expect(lobbyAction({ type: "started", v: 5 })).toBe("start");
    expect(lobbyAction({ type: "crowd", spectators: 2 })).toBeNull();
    expect(lobbyAction(snapshot("open"))).toBe("refresh");
    // Connected after the start (or reconnected across it): straight to the match.
    expect(lobbyAction(snapshot("in_progress"))).toBe("start");
  });

  it("swaps the live parts for the server's and leaves the forms alone", () => {
    document.body.innerHTML = `<div id="lobby"><table id="seats" data-live><tr><td>—</td></tr></table>
      <form><input name="title" value="typed"></form></div>`;
    const fresh = new DOMParser().parseFromString(
      `<table id="seats" data-live><tr><td>bob</td></tr></table><form><input name="title" value=""></form>`, "text/html");
    refreshParts(document.querySelector("#lobby")!, fresh);
    expect(document.querySelector("#seats td")!.textContent).toBe("bob");
    expect(document.querySelector<HTMLInputElement>("input[name='title']")!.value).toBe("typed");
  });
});
