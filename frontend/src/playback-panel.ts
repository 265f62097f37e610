// The playback panel of the match page: runs a Player over a resolved phase and gives
// people play, pause, step back and forward, a scrubber, a speed and the rulings.

import { eventFlags } from "./event-flags";
import { t } from "./i18n";
import type { BoardView } from "./map";
import { Player, type Poses, playbackFrames } from "./playback";
import type { PlaybackFrame, Timeline } from "./protocol";
import { rulings } from "./rulings";

function playbackKey(frame: { turn: number; phase: string }): string {
  return `${frame.turn}:${frame.phase}`;
}

/** Playbacks this tab has shown, kept across reloads so a reconnecting client never replays one. */
export class PlayedPlaybacks {
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

export class PlaybackPanel {
  private player: Player | null = null;
  private readonly scrubber: HTMLInputElement;
  private readonly status: HTMLElement;
  private readonly rulingList: HTMLElement;
  /** How a timeline is said in the rulings list: the core's reading unless the ruleset has its own. */
  reader: (timeline: Timeline) => string[] = rulings;

  constructor(private readonly root: HTMLElement) {
    this.scrubber = root.querySelector("#playback-scrubber")!;
    this.status = root.querySelector("#playback-status")!;
    this.rulingList = root.querySelector("#rulings")!;
    root.addEventListener("click", (event) => {
      const action = (event.target as Element).closest<HTMLElement>("[data-playback]")?.dataset.playback;
      if (action === "play") this.player?.play();
      if (action === "pause") this.player?.pause();
      if (action === "step") this.player?.step();
      if (action === "back") this.player?.back();
    });
    this.scrubber.addEventListener("input", () => {
      this.player?.pause();
      this.player?.seek(Number(this.scrubber.value));
    });
    root.querySelector<HTMLSelectElement>("#playback-speed")!.addEventListener("change", (event) => {
      this.player?.setSpeed(Number((event.target as HTMLSelectElement).value));
    });
  }

  /** Animate `frame` on `board` from the poses the units have now; `finished` runs once at the end. */
  play(frame: PlaybackFrame, start: Poses, board: BoardView, finished: () => void): void {
    this.finish();
    this.showRulings(frame.timeline);
    const frames = playbackFrames(start, frame.timeline);
    const flags = eventFlags(frame.timeline);
    this.scrubber.max = String(frames.length - 1);
    this.root.hidden = false;
    this.player = new Player(frames, {
      show: (poses, index, count) => {
        for (const [unit, pose] of Object.entries(poses)) {
          board.place(unit, pose, true);
          board.flagUnit(unit, flags[index][unit] ?? "");
        }
        this.scrubber.value = String(index);
        const happened = Object.entries(flags[index]).map(([unit, words]) => `${unit} ${words}`);
        const where = t("Turn %(turn)s %(phase)s: step %(step)s of %(count)s", {
          turn: frame.turn, phase: t(frame.phase), step: index + 1, count,
        });
        this.status.textContent = [where, ...happened].join(" · ");
      },
      finished,
    });
    this.player.setSpeed(Number(this.root.querySelector<HTMLSelectElement>("#playback-speed")!.value));
    this.player.play();
  }

  /** Jump a running playback to its end. */
  finish(): void {
    this.player?.finish();
  }

  /** Explain a resolved phase without animating it (the last one, after a reload). */
  showRulings(timeline: Timeline): void {
    this.rulingList.replaceChildren(
      ...this.reader(timeline).map((line) => {
        const item = document.createElement("li");
        item.textContent = line;
        return item;
      }),
    );
    this.root.hidden = false;
  }
}
