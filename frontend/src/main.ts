// The match page: reads the match id and role from the page, connects the socket and
// wires the board, the plotting controls (players only) and the playback together.

import "./app.css";
import { BoardView } from "./map";
import type { Poses } from "./playback";
import { PlaybackPanel } from "./playback-panel";
import { Plotter } from "./plot";
import type { PlaybackFrame, ServerFrame, Snapshot, Unit } from "./protocol";
import { MatchSocket } from "./socket";

function playbackKey(frame: { turn: number; phase: string }): string {
  return `${frame.turn}:${frame.phase}`;
}

/** Playbacks this tab has shown, kept across reloads so a reconnecting client never replays one. */
class PlayedPlaybacks {
  private readonly storageKey: string;
  constructor(matchId: string) {
    this.storageKey = `arbitro:match:${matchId}:played`;
  }
  has(frame: PlaybackFrame): boolean {
    return sessionStorage.getItem(this.storageKey) === playbackKey(frame);
  }
  mark(frame: PlaybackFrame): void {
    sessionStorage.setItem(this.storageKey, playbackKey(frame));
  }
}

function startMatch(page: HTMLElement): void {
  const matchId = page.dataset.matchId!;
  const status = page.querySelector<HTMLElement>("#status")!;
  const boardHolder = page.querySelector<HTMLElement>("#board")!;
  const ordersRoot = page.querySelector<HTMLElement>("#orders");
  const playback = new PlaybackPanel(page.querySelector<HTMLElement>("#playback")!);
  const played = new PlayedPlaybacks(matchId);

  let board: BoardView | null = null;
  let boardShape = "";
  let units: Unit[] = [];
  /** Set when the connection dropped with an order in flight: only a snapshot tells what became of it. */
  let resyncOnOpen = false;

  const showStatus = (text: string, code = "") => {
    status.textContent = text;
    status.dataset.code = code;
  };

  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new MatchSocket(`${scheme}://${location.host}/ws/matches/${matchId}/`, {
    frame: onFrame,
    connection: (state) => {
      page.dataset.connection = state;
      if (state === "closed") {
        showStatus("Connection lost: reconnecting…");
        if (plotter?.interrupt()) resyncOnOpen = true;
      }
      if (state === "open" && resyncOnOpen) {
        resyncOnOpen = false;
        socket.send({ type: "resync" });
      }
    },
  });

  const plotter = ordersRoot
    ? new Plotter(ordersRoot, { send: (frame) => socket.send(frame), drawPath: (p) => board?.showPath(p) })
    : null;

  function onFrame(frame: ServerFrame): void {
    switch (frame.type) {
      case "snapshot":
        applySnapshot(frame);
        break;
      case "plotted":
        plotter?.handlePlotted(frame.order, frame.path);
        break;
      case "order_accepted":
        plotter?.handleAccepted(frame.order, frame.path);
        showStatus("Order submitted: waiting for the other players.");
        break;
      case "submitted":
        markSubmitted(frame.side);
        showStatus(`${frame.player} has submitted an order.`);
        break;
      case "playback":
        play(frame);
        break;
      case "error":
        plotter?.handleError(frame.code, frame.message);
        showStatus(`${frame.message} (${frame.code})`, frame.code);
        break;
    }
  }

  function applySnapshot(snapshot: Snapshot): void {
    // A snapshot is the current state: an unfinished playback jumps to its end, and the
    // last resolved phase counts as seen so it is not replayed.
    playback.finish();
    if (snapshot.last_playback) {
      played.mark(snapshot.last_playback);
      playback.showRulings(snapshot.last_playback.timeline);
    }

    const shape = JSON.stringify(snapshot.board);
    if (!board || shape !== boardShape) {
      board = new BoardView(boardHolder, snapshot.board, (hex) => plotter?.clickHex(hex));
      boardShape = shape;
    }
    units = snapshot.units;
    board.setSides(snapshot.sides.map((s) => s.side));
    board.setUnits(units);
    renderHeader(snapshot);
    renderSides(snapshot);
    page.dataset.role = snapshot.you.role;
    page.dataset.version = String(snapshot.v);

    const mine = units.find((u) => snapshot.you.role === "player" && u.side === snapshot.you.side);
    // Only movement is plotted here; attack phases (issue 6) get their own controls.
    const moving = snapshot.match.status === "in_progress" && snapshot.match.phase === "movement";
    if (plotter && mine && moving) {
      plotter.start(mine, snapshot.match.turn, snapshot.my_orders.find((o) => o.unit === mine.id) ?? null);
    } else {
      plotter?.stop();
    }
    if (!status.dataset.code) showStatus(snapshot.you.role === "spectator" ? "Watching." : "Connected.");
  }

  function renderHeader(snapshot: Snapshot): void {
    const header = page.querySelector<HTMLElement>("#match-state")!;
    header.textContent = `Turn ${snapshot.match.turn} · ${snapshot.match.phase} · ${snapshot.match.status.replace("_", " ")}`;
    header.dataset.turn = String(snapshot.match.turn);
  }

  function renderSides(snapshot: Snapshot): void {
    const list = page.querySelector<HTMLElement>("#sides")!;
    list.replaceChildren(
      ...snapshot.sides.map((side) => {
        const item = document.createElement("li");
        item.dataset.side = side.side;
        item.dataset.submitted = String(side.submitted);
        item.textContent = `${side.player} (${side.side})`;
        return item;
      }),
    );
  }

  function markSubmitted(side: string): void {
    const item = page.querySelector<HTMLElement>(`#sides [data-side="${CSS.escape(side)}"]`);
    if (item) item.dataset.submitted = "true";
  }

  function play(frame: PlaybackFrame): void {
    if (played.has(frame) || !board) return;
    played.mark(frame);
    plotter?.stop();
    const start: Poses = Object.fromEntries(units.map((u) => [u.id, { hex: u.hex, facing: u.facing }]));
    page.dataset.playback = "playing";
    showStatus(`Turn ${frame.turn}: the ${frame.phase} is resolved; watch it play.`);
    playback.play(frame, start, board, () => {
      page.dataset.playback = "done";
      // The next phase starts from the server's state, not from ours.
      socket.send({ type: "resync" });
    });
  }

  page.querySelector(".board-tools")?.addEventListener("click", (event) => {
    const zoom = (event.target as Element).closest<HTMLElement>("[data-zoom]")?.dataset.zoom;
    if (zoom === "in") board?.zoom(1.25);
    if (zoom === "out") board?.zoom(0.8);
    if (zoom === "fit") board?.fit();
  });
  page.querySelector<HTMLInputElement>("#show-labels")?.addEventListener("change", (event) => {
    boardHolder.classList.toggle("hide-labels", !(event.target as HTMLInputElement).checked);
  });

  // The page's own socket, for people and tests poking at the protocol from the console.
  (window as unknown as { arbitro: unknown }).arbitro = { socket };
  socket.connect();
}

const page = document.querySelector<HTMLElement>("[data-match-id]");
if (page) startMatch(page);
