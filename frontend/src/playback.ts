// PM-by-PM playback of a resolved phase. Every browser gets the same `playback`
// frame and shows the same sequence of positions, ending in the timeline's final state.

import type { Timeline } from "./protocol";

export interface Pose {
  hex: string;
  facing: number;
}

export type Poses = Record<string, Pose>;

/**
 * The poses to show, one per tick, then the final poses. A tick moves only the
 * units its events name; the others keep their pose from the tick before.
 */
export function playbackFrames(start: Poses, timeline: Timeline): Poses[] {
  const frames: Poses[] = [];
  let current = { ...start };
  for (const tick of timeline.ticks ?? []) {
    current = { ...current };
    for (const event of tick) {
      // A blocked or charging unit did not enter `to`: it stays where it was.
      const stays = event.kind === "blocked" || event.kind === "charge";
      current[event.unit] = { hex: stays ? event.from : event.to, facing: event.facing };
    }
    frames.push(current);
  }
  const final = { ...current };
  for (const [unit, state] of Object.entries(timeline.final ?? {})) final[unit] = { hex: state.hex, facing: state.facing };
  frames.push(final);
  return frames;
}

export interface PlayerHooks {
  /** Show frame `index` of `count`. */
  show(poses: Poses, index: number, count: number): void;
  /** Called once, the first time the last frame is shown. */
  finished(): void;
}

export type Scheduler = (fn: () => void, ms: number) => () => void;

const defaultScheduler: Scheduler = (fn, ms) => {
  const id = setTimeout(fn, ms);
  return () => clearTimeout(id);
};

/**
 * Steps through the frames on a timer: play, pause, step forward and back, seek, speed.
 * Playing again from the last frame replays from the first.
 */
export class Player {
  private index = -1;
  private cancel: (() => void) | null = null;
  private ended = false;
  private speed = 1;

  constructor(
    private readonly frames: Poses[],
    private readonly hooks: PlayerHooks,
    private readonly tickMs = 450,
    private readonly schedule: Scheduler = defaultScheduler,
  ) {}

  get playing(): boolean {
    return this.cancel !== null;
  }

  private get last(): number {
    return this.frames.length - 1;
  }

  play(): void {
    if (this.playing) return;
    if (this.index === this.last) this.index = -1;
    const next = () => {
      this.cancel = null;
      this.seek(this.index + 1);
      if (this.index < this.last) this.cancel = this.schedule(next, this.tickMs / this.speed);
    };
    this.cancel = this.schedule(next, this.index < 0 ? 0 : this.tickMs / this.speed);
  }

  pause(): void {
    this.cancel?.();
    this.cancel = null;
  }

  /** One frame forward, by hand. */
  step(): void {
    this.pause();
    if (this.index < this.last) this.seek(this.index + 1);
  }

  /** One frame back, by hand. */
  back(): void {
    this.pause();
    if (this.index > 0) this.seek(this.index - 1);
  }

  /** Show frame `index` (clamped to the frames there are). */
  seek(index: number): void {
    this.index = Math.max(0, Math.min(this.last, index));
    this.hooks.show(this.frames[this.index], this.index, this.frames.length);
    if (this.index === this.last) {
      this.pause();
      if (!this.ended) {
        this.ended = true;
        this.hooks.finished();
      }
    }
  }

  /** How many times faster than normal to play (0.5 is half speed). */
  setSpeed(speed: number): void {
    this.speed = speed > 0 ? speed : 1;
  }

  /** Jump to the end at once (a client that must not sit through the animation). */
  finish(): void {
    this.pause();
    if (this.index !== this.last) this.seek(this.last);
  }
}
