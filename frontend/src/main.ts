// The match page: reads the match id and role from the page, connects the socket and
// wires the board, the plotting controls (players only) and the playback together.

import "./app.css";
import { ChatPanel } from "./chat";
import { resultText, withConditions } from "./combat-report";
import { showCrowd, showSeatedReferee, showSpectatorDelay } from "./crowd";
import { SplitLosPanel, choiceText } from "./rulesets/solaris/los-side";
import { DeadlineClock, TurnCue, soundSwitch } from "./live-cues";
import { startLobby } from "./live-lobby";
import { MatchLog } from "./match-log";
import { OwedTurn } from "./owed";
import { showSummary } from "./match-summary";
import { lobbyPath, showRematch } from "./rematch";
import { BoardView } from "./map";
import type { Poses } from "./playback";
import { type Panel, type RulesetPanels, showPanels, withdrawable } from "./panels";
import { PlaybackPanel, PlayedPlaybacks } from "./playback-panel";
import { ReactionPanel } from "./reaction-panel";
import { rulesetPanels } from "./rulesets";
import { RecordSheets } from "./rulesets/solaris/record-sheet";
import { startReplay } from "./replay";
import { SightTool } from "./sight";
import { StatusLine, refereeActionText } from "./status-line";
import { HexTooltip, attachHints } from "./tooltip";
import { errorText } from "./errors";
import { phaseTitle, showHeader } from "./header";
import { t } from "./i18n";
import { afterFrame, sideSubmitted } from "./position";
import type { MatchResult, PlaybackFrame, ServerFrame, SideInfo, Snapshot, Unit } from "./protocol";
import { MatchSocket, isEvent } from "./socket";

function startMatch(page: HTMLElement): void {
  const matchId = page.dataset.matchId!;
  const statusElement = page.querySelector<HTMLElement>("#status")!;
  const status = new StatusLine(statusElement);
  const boardHolder = page.querySelector<HTMLElement>("#board")!;
  const playback = new PlaybackPanel(page.querySelector<HTMLElement>("#playback")!);
  const played = new PlayedPlaybacks(matchId);
  const crowd = page.querySelector<HTMLElement>("#crowd")!;
  const sheets = new RecordSheets(page.querySelector<HTMLElement>("#record-sheets")!);
  const log = new MatchLog(page.querySelector<HTMLElement>("#match-log")!);
  const clock = new DeadlineClock(page.querySelector<HTMLElement>("#deadline-clock")!);
  const cue = new TurnCue();
  const owed = new OwedTurn();
  soundSwitch(page.querySelector<HTMLInputElement>("#sound-cue"), cue, localStorageOrNull());

  let board: BoardView | null = null;
  let boardShape = "";
  let units: Unit[] = [];
  let sides: SideInfo[] = [];
  /** The match as the frames so far left it; what the page shows once no playback is running. */
  let model: Snapshot | null = null;
  /** The playback being animated: the page shows `model` when it ends. */
  let playing: PlaybackFrame | null = null;

  const showStatus = (text: string, code = "") => status.show(text, code);
  /** "Your turn" in the tab title while an order or a reaction is owed; never during a playback. */
  const showCue = () => cue.set(!playing && owed.owes(model));
  /** "Connected." once the connection is open and a snapshot has said who the viewer is. */
  const greet = () => {
    if (model && page.dataset.connection === "open") status.greet(model.you.role);
  };

  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new MatchSocket(`${scheme}://${location.host}/ws/matches/${matchId}/`, {
    frame: onFrame,
    connection: (state) => {
      page.dataset.connection = state;
      if (state !== "open") status.disconnected();
      if (state === "open") greet(); // a catch-up by version may bring no snapshot
      if (state === "closed") {
        showStatus(t("Connection lost: reconnecting…"));
        // An order was in flight: only a snapshot tells what became of it, so the next connection starts from one.
        if (eachPanel().some((panel) => panel.interrupt())) socket.forgetVersion();
        chat.interrupt();
      }
      if (state === "open") void chat.loadHistory(`/api/matches/${matchId}/chat/`);
      if (state === "open") void log.load(`/api/matches/${matchId}/log/`);
    },
  });

  const chat = new ChatPanel(page.querySelector<HTMLElement>("#chat")!, (frame) => socket.send(frame));
  const splitLos = new SplitLosPanel(page.querySelector<HTMLElement>("#split-los")!, {
    send: (frame) => socket.send(frame),
  });
  const sight = new SightTool(page.querySelector<HTMLElement>("#sight")!, {
    send: (frame) => socket.send(frame),
    unitIn: (hex) => units.find((u) => u.hex === hex)?.id ?? null,
    hexOf: (end) => (/^\d+$/.test(end) ? end : (units.find((u) => u.id === end)?.hex ?? null)),
    highlight: (ends, between, blocked) => board?.showSight(ends, between, blocked),
    standingChoice: (end) => (units.some((u) => u.id === end) ? choiceText(splitLos.choice(end)) : null),
  });
  new HexTooltip(boardHolder, (hex) => board?.describeHex(hex) ?? hex, document, page.querySelector<HTMLElement>("#hex-reading"));
  const reaction = new ReactionPanel(page.querySelector<HTMLElement>("#reaction")!, { send: (frame) => socket.send(frame) });
  /** The ruleset's order panels, made at the first snapshot (it names the ruleset). */
  let ruleset: RulesetPanels | null = null;
  const eachPanel = (): Panel[] => Object.values(ruleset?.panels ?? {});
  page.addEventListener("click", (event) => {
    if (!(event.target as Element).closest("[data-take-back]") || !model) return;
    const { turn, phase } = model.match;
    for (const unit of withdrawable(model)) socket.send({ type: "withdraw", unit, turn, phase });
  });

  function onFrame(frame: ServerFrame): void {
    const before = model;
    if (before && frame.type !== "snapshot" && isEvent(frame)) {
      model = afterFrame(before, frame);
      if (!model) {
        model = before;
        socket.requestSnapshot();
        return;
      }
    }
    switch (frame.type) {
      case "snapshot":
        applySnapshot(frame);
        break;
      case "plotted":
      case "order_accepted": {
        const accepted = frame.type === "order_accepted";
        // An order the server now accepts: an earlier refusal shown in the status line is over.
        if (status.code && !status.code.startsWith("referee.")) showStatus(t("Connected."));
        for (const panel of eachPanel()) panel.handle(frame);
        if (accepted) {
          owed.accept(frame.order.unit, frame.v);
          // Unless the broadcast came first and the phase has already resolved (its playback says so).
          if (!model || model.v < frame.v || withdrawable(model).includes(frame.order.unit)) {
            showStatus(t("Order submitted: waiting for the other players."));
          }
        }
        break;
      }
      case "rematch":
        showModel();
        break;
      case "rematch_opened":
        location.assign(lobbyPath(frame.match));
        break;
      case "order_withdrawn":
        showStatus(t("Order taken back: change it and submit it again."));
        break;
      case "withdrawn":
        if (frame.order) {
          // Ours: the panel offers the order again to change (this tab's, or another tab of the same player).
          // The reply (`order_withdrawn`) may come before or after: both say so.
          for (const panel of eachPanel()) panel.reopen();
          showModel();
          if (model?.you.role === "player") showStatus(t("Order taken back: change it and submit it again."));
          else showStatus(t("%(player)s has taken back an order.", { player: frame.player }));
        } else {
          markSubmitted(frame.side, sideSubmitted(frame));
          showStatus(t("%(player)s has taken back an order.", { player: frame.player }));
        }
        break;
      case "reacted":
      case "reaction_accepted":
        if (frame.type === "reaction_accepted") reaction.handleAccepted(frame.unit);
        showModel();
        break;
      case "submitted":
        markSubmitted(frame.side, sideSubmitted(frame));
        showTakeBack();
        showStatus(t("%(player)s has submitted an order.", { player: frame.player }));
        break;
      case "reach":
        for (const panel of eachPanel()) panel.handle(frame);
        break;
      case "los":
        sight.handleAnswer(frame);
        break;
      case "los_side":
        splitLos.apply(frame);
        break;
      case "los_side_set":
        splitLos.handleSet();
        break;
      case "playback":
        log.add(frame);
        if (before) play(frame, before);
        break;
      case "finished":
        showResult(frame.result);
        showModel();
        socket.requestSnapshot(); // the end-of-match summary comes with the snapshot
        break;
      case "started":
        showModel();
        break;
      case "paused":
      case "resumed":
      case "annulled":
      case "overridden":
        // The frame brings the status and, after an annulment or a correction, the position the referee
        // left; plotting restarts from it as after a snapshot.
        showStatus(refereeActionText(frame.type, { referee: frame.by, reason: frame.reason }), `referee.${frame.type}`);
        for (const panel of eachPanel()) panel.hold();
        showModel();
        break;
      case "crowd":
        showCrowd(crowd, frame.spectators);
        if (model) model = { ...model, spectators: frame.spectators }; // so showing the model keeps it
        break;
      case "chat":
        chat.add(frame);
        break;
      case "chat_sent":
        chat.handleSent();
        break;
      case "error": {
        const text = errorText(frame);
        for (const panel of eachPanel()) panel.handle(frame);
        sight.handleError(text);
        reaction.handleError(frame.code, text);
        splitLos.handleError(frame.code, text);
        chat.handleError(frame.code, text);
        showStatus(`${text} (${frame.code})`, frame.code);
        // The position changed under the order (a referee's correction, an annulment): its frame, on its
        // way if not here yet, restarts the plotting, which keeps the refused order where it still makes sense.
        break;
      }
    }
    showCue(); // every frame may change what is owed (an order of ours submitted from another tab too)
  }

  /** The match as the frames left it, unless a playback is running (it shows it when it ends). */
  function showModel(): void {
    if (model && !playing) applySnapshot(model);
  }

  function applySnapshot(snapshot: Snapshot): void {
    // A snapshot is the current state: an unfinished playback jumps to its end, and the
    // last resolved phase counts as seen so it is not replayed.
    model = snapshot;
    playing = null;
    playback.finish();
    if (snapshot.last_playback) {
      played.mark(snapshot.last_playback);
      playback.showRulings(snapshot.last_playback.timeline);
    }

    // Terrain changes in play (combat lowers a building's CF): the same board is redrawn where it changed.
    const shape = `${snapshot.board.width}x${snapshot.board.height}`;
    if (!board || shape !== boardShape) {
      board = new BoardView(boardHolder, snapshot.board, (hex) =>
        sight.active ? sight.clickHex(hex) : ruleset?.clickHex?.(hex),
      );
      boardShape = shape;
    } else {
      board.updateTerrain(snapshot.board);
    }
    units = snapshot.units;
    sides = snapshot.sides;
    board.setSides(snapshot.sides.map((s) => s.side));
    board.setUnits(withConditions(units, snapshot.mechs));
    renderHeader(snapshot);
    renderSides(snapshot);
    sheets.show({
      units,
      mechs: snapshot.mechs ?? {},
      players: Object.fromEntries(snapshot.sides.map((side) => [side.side, side.player])),
      side: snapshot.you.side,
    });
    if (snapshot.spectators !== undefined) showCrowd(crowd, snapshot.spectators);
    showSpectatorDelay(page.querySelector<HTMLElement>("#delay")!, snapshot.you.role, snapshot.match.options);
    page.dataset.role = snapshot.you.role;
    chat.show(snapshot.you.role);
    page.dataset.version = String(snapshot.v);

    const inPlay = snapshot.match.status === "in_progress";
    splitLos.show({ units, choices: snapshot.split_los ?? {}, you: snapshot.you, status: snapshot.match.status });
    // The panels the server's hints name for this phase, for the unit they ask an order of (panels.ts).
    ruleset ??= rulesetPanels(snapshot.match.ruleset, {
      root: page, matchId, send: (frame) => socket.send(frame), board: () => board, storage: localStorageOrNull(),
    });
    if (ruleset.rulings) playback.reader = log.reader = ruleset.rulings;
    showPanels(ruleset.panels, snapshot);
    reaction.show(snapshot.reaction, units);
    ruleset.reaction?.(snapshot.reaction ?? null, snapshot);
    ruleset.show?.(snapshot);
    showTakeBack();
    showCue();
    clock.show(inPlay ? snapshot.match.deadline : null);
    if (snapshot.match.result) showResult(snapshot.match.result);
    const banner = page.querySelector<HTMLElement>("#match-over");
    if (banner) showRematch(banner, snapshot, () => socket.send({ type: "rematch" }));
    showSummary(page.querySelector<HTMLElement>("#match-summary")!, snapshot.summary, units, sides);
    greet();
  }

  function renderHeader(snapshot: Snapshot): void {
    showHeader(page.querySelector<HTMLElement>("#match-state")!, snapshot);
    showSeatedReferee(page.querySelector<HTMLElement>("#referee")!, snapshot.seated_referee);
  }

  function renderSides(snapshot: Snapshot): void {
    const list = page.querySelector<HTMLElement>("#sides")!;
    list.replaceChildren(
      ...snapshot.sides.map((side) => {
        const item = document.createElement("li");
        item.dataset.side = side.side;
        item.dataset.submitted = String(side.submitted);
        item.textContent = `${side.player} (${side.side}) `;
        const mark = Object.assign(document.createElement("span"), { className: "submitted-mark" });
        mark.textContent = t("✓ submitted");
        item.append(mark);
        return item;
      }),
    );
  }

  function showResult(result: MatchResult): void {
    let banner = page.querySelector<HTMLElement>("#match-over");
    if (!banner) {
      banner = document.createElement("p");
      banner.id = "match-over";
      banner.setAttribute("role", "status");
      statusElement.before(banner);
    }
    banner.dataset.winner = result.winner;
    banner.textContent = resultText(result, sides);
    const replay = Object.assign(document.createElement("a"), { id: "replay-link", href: `/matches/${matchId}/replay/` });
    replay.textContent = t("Watch the replay");
    banner.append(" ", replay);
  }

  function markSubmitted(side: string, submitted: boolean): void {
    const item = page.querySelector<HTMLElement>(`#sides [data-side="${CSS.escape(side)}"]`);
    if (item) item.dataset.submitted = String(submitted);
  }

  /** "Take back my order" is offered while the phase still waits (panels.ts `withdrawable`). */
  function showTakeBack(): void {
    const offered = model !== null && withdrawable(model).length > 0;
    for (const button of page.querySelectorAll<HTMLElement>("[data-take-back]")) button.hidden = !offered;
  }

  /** Animate a resolved phase from the position before it (`before`), then show the position it left. */
  function play(frame: PlaybackFrame, before: Snapshot): void {
    if (played.has(frame) || !board) {
      showModel();
      return;
    }
    played.mark(frame);
    for (const panel of eachPanel()) panel.stop();
    cue.set(false);
    const start: Poses = Object.fromEntries(before.units.map((u) => [u.id, { hex: u.hex, facing: u.facing }]));
    page.dataset.playback = "playing";
    // The phase as the rules title it (skirmish's "Order 3"): the position before the playback is in that phase.
    const phase = before.match.phase === frame.phase ? phaseTitle(before) : t(frame.phase);
    showStatus(t("Turn %(turn)s: the %(phase)s is resolved; watch it play.", { turn: frame.turn, phase }));
    playing = frame; // first: the playback this one cuts short must not show the page its end
    playback.play(frame, start, board, () => {
      page.dataset.playback = "done";
      if (playing !== frame) return; // a snapshot, or the next playback, took over
      playing = null;
      // The next phase starts from the position the frame brought.
      showModel();
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

/** The page's localStorage, or null where the browser refuses it (some private modes throw on access). */
function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

attachHints();
const page = document.querySelector<HTMLElement>("[data-match-id]");
if (page) startMatch(page);
const lobbyPage = document.querySelector<HTMLElement>("[data-lobby-match]");
if (lobbyPage) startLobby(lobbyPage);
const replayPage = document.querySelector<HTMLElement>("[data-replay-url]");
if (replayPage) void startReplay(replayPage);
