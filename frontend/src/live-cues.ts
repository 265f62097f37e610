// Live-play cues: "your turn" in the tab's title while the player owes an order (seen from another tab),
// and the phase deadline as a visible clock counting down (the match header's `deadline`).

import { t } from "./i18n";

/** A short two-note chime made on the spot (no sound file to download); silent where audio is refused. */
function chime(): void {
  try {
    const audio = new AudioContext();
    for (const [index, pitch] of [660, 880].entries()) {
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      const start = audio.currentTime + index * 0.15;
      tone.frequency.value = pitch;
      volume.gain.setValueAtTime(0.15, start);
      volume.gain.exponentialRampToValueAtTime(0.001, start + 0.14);
      tone.connect(volume).connect(audio.destination);
      tone.start(start);
      tone.stop(start + 0.15);
    }
    setTimeout(() => void audio.close(), 500);
  } catch {
    // No audio here (or not allowed yet): the title still says it.
  }
}

/**
 * The tab title says when the player owes an order; it is the page's own title otherwise. With `sound` on, a
 * chime rings when an order becomes owed (once, not at every redraw).
 */
export class TurnCue {
  private readonly base: string;
  private owed = false;
  sound = false;

  constructor(
    private readonly doc: Pick<Document, "title"> = document,
    private readonly ring: () => void = chime,
  ) {
    this.base = doc.title;
  }

  set(yourTurn: boolean): void {
    if (yourTurn && !this.owed && this.sound) this.ring();
    this.owed = yourTurn;
    this.doc.title = yourTurn ? `● ${t("Your turn")} · ${this.base}` : this.base;
  }
}

/** "4:05", "1:02:03": the time left until `deadline`, or null once it has passed. */
export function timeLeft(deadline: number, now: number): string | null {
  const seconds = Math.ceil((deadline - now) / 1000);
  if (seconds <= 0) return null;
  const [hours, minutes, secs] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  const pad = (value: number) => String(value).padStart(2, "0");
  return hours ? `${hours}:${pad(minutes)}:${pad(secs)}` : `${minutes}:${pad(secs)}`;
}

export type Ticker = (tick: () => void, ms: number) => () => void;

const everySecond: Ticker = (tick, ms) => {
  const id = setInterval(tick, ms);
  return () => clearInterval(id);
};

/** The phase deadline's clock: hidden when the phase has none. */
export class DeadlineClock {
  private stop: (() => void) | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly now: () => number = Date.now,
    private readonly ticker: Ticker = everySecond,
    /** The words around the time left (a msgid with `%(time)s`). */
    private readonly due = "Orders due in %(time)s",
  ) {}

  /** The current phase's deadline (an ISO time), or null for none. */
  show(deadline: string | null | undefined): void {
    this.stop?.();
    this.stop = null;
    const due = deadline ? Date.parse(deadline) : NaN;
    this.root.hidden = Number.isNaN(due);
    if (this.root.hidden) return;
    const tick = () => {
      const left = timeLeft(due, this.now());
      this.root.textContent = left ? t(this.due, { time: left }) : t("The deadline has passed.");
      this.root.dataset.overdue = String(left === null);
      if (left === null) this.stop?.();
    };
    this.stop = this.ticker(tick, 1000);
    tick();
  }
}

/** The sound switch of the your-turn cue (players only), remembered in `storage` across visits. */
export function soundSwitch(input: HTMLInputElement | null, cue: TurnCue, storage: Storage | null): void {
  if (!input) return;
  const key = "arbitro:sound";
  input.checked = cue.sound = storage?.getItem(key) === "on";
  input.addEventListener("change", () => {
    cue.sound = input.checked;
    try {
      storage?.setItem(key, input.checked ? "on" : "off");
    } catch {
      // Storage refused: the choice lasts for this page only.
    }
  });
}
