// The lobby page, live (issue 16): it listens on the match's socket, and when someone joins, leaves, accepts, withdraws
// or the host changes the options it refreshes its seats, referee and options from the server's page; once the
// match starts (the last acceptance) it moves to the match page. The forms stay as the viewer left them.

import type { ServerFrame } from "./protocol";
import { MatchSocket } from "./socket";

export type LobbyAction = "refresh" | "start" | null;

/** What the lobby page does with a frame of its match. */
export function lobbyAction(frame: ServerFrame): LobbyAction {
  if (frame.type === "started") return "start";
  if (frame.type === "snapshot") return frame.match.status === "open" ? "refresh" : "start";
  return ["joined", "left", "accepted", "options"].includes(frame.type) ? "refresh" : null;
}

/** Replaces each `[data-live]` part of `root` (by id) with the same part of `fresh`, the page as it is now. */
export function refreshParts(root: ParentNode, fresh: ParentNode): void {
  const parts = [...fresh.querySelectorAll<HTMLElement>("[data-live]")];
  for (const part of root.querySelectorAll<HTMLElement>("[data-live]")) {
    const now = parts.find((candidate) => candidate.id === part.id);
    if (now) part.replaceWith(now);
  }
}

export function startLobby(root: HTMLElement): void {
  const matchId = root.dataset.lobbyMatch!;
  const refresh = async () => {
    const response = await fetch(location.pathname, { credentials: "same-origin" });
    if (!response.ok) return;
    refreshParts(root, new DOMParser().parseFromString(await response.text(), "text/html"));
    root.dataset.version = String(socket.version ?? "");
  };
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new MatchSocket(`${scheme}://${location.host}/ws/matches/${matchId}/`, {
    frame: (frame) => {
      const action = lobbyAction(frame);
      if (action === "start") location.assign(`/matches/${matchId}/`);
      else if (action === "refresh") void refresh();
    },
    connection: (state) => {
      root.dataset.connection = state;
    },
  });
  socket.connect();
}
