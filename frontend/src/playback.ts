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
  for (const tick of timeline.ticks) {
    current = { ...current };
    for (const event of tick) {
      // A blocked unit stays where it was; its movement ends there.
      current[event.unit] = { hex: event.kind === "blocked" ? event.from : event.to, facing: event.facing };
    }
    frames.push(current);
  }
  const final = { ...current };
  for (const [unit, state] of Object.entries(timeline.final)) final[unit] = { hex: state.hex, facing: state.facing };
  frames.push(final);
  return frames;
}

export interface PlayerHooks {
  /** Show frame `index` of `count`. */
  show(poses: Poses, index: number, count: number): void;
  /** Called once, after the last frame has been shown. */
  finished(): void;
}

export type Scheduler = (fn: () => void, ms: number) => () => void;

const defaultScheduler: Scheduler = (fn, ms) => {
  const id = setTimeout(fn, ms);
  return () => clearTimeout(id);
};

/** Steps through the frames on a timer; play, pause and single steps. */
export class Player {
  private index = -1;
  private cancel: (() => void) | null = null;
  private done = false;

  constructor(
    private readonly frames: Poses[],
    private readonly hooks: PlayerHooks,
    private readonly tickMs = 450,
    private readonly schedule: Scheduler = defaultScheduler,
  ) {}

  get playing(): boolean {
    return this.cancel !== null;
  }

  get position(): number {
    return this.index;
  }

  play(): void {
    if (this.playing || this.done) return;
    const next = () => {
      this.cancel = null;
      this.step();
      if (!this.done) this.cancel = this.schedule(next, this.tickMs);
    };
    this.cancel = this.schedule(next, this.index < 0 ? 0 : this.tickMs);
  }

  pause(): void {
    this.cancel?.();
    this.cancel = null;
  }

  step(): void {
    if (this.done) return;
    this.index += 1;
    this.hooks.show(this.frames[this.index], this.index, this.frames.length);
    if (this.index === this.frames.length - 1) {
      this.done = true;
      this.pause();
      this.hooks.finished();
    }
  }

  /** Jump to the end at once (a client that must not sit through the animation). */
  finish(): void {
    this.pause();
    if (this.done) return;
    this.index = this.frames.length - 2;
    this.step();
  }
}
