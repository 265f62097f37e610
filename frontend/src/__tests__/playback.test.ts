import { describe, expect, it } from "vitest";
import { Player, type Poses, type Scheduler, playbackFrames } from "../playback";
import type { Timeline } from "../protocol";

const start: Poses = { A: { hex: "0505", facing: 0 }, B: { hex: "1010", facing: 3 } };
const timeline: Timeline = {
  mode: "pm_by_pm",
  ticks: [
    [
      { unit: "A", kind: "step", from: "0505", to: "0504", facing: 0, mp: 1 },
      { unit: "B", kind: "turn", from: "1010", to: "1010", facing: 4, mp: 1 },
    ],
    [{ unit: "A", kind: "turn", from: "0504", to: "0504", facing: 1, mp: 1 }],
    [
      { unit: "A", kind: "step", from: "0504", to: "0603", facing: 1, mp: 1 },
      { unit: "B", kind: "step", from: "1010", to: "0910", facing: 4, mp: 1 },
    ],
  ],
  final: { A: { hex: "0603", facing: 1 }, B: { hex: "0910", facing: 4 } },
};

describe("playback frames", () => {
  it("moves only the units a tick names and ends on the final poses", () => {
    const frames = playbackFrames(start, timeline);
    expect(frames).toHaveLength(4);
    expect(frames[1]).toEqual({ A: { hex: "0504", facing: 1 }, B: { hex: "1010", facing: 4 } });
    expect(frames[2].B).toEqual({ hex: "0910", facing: 4 });
    expect(frames.at(-1)).toEqual(timeline.final);
  });

  it("keeps a blocked unit in the hex it came from", () => {
    const blocked: Timeline = {
      ...timeline,
      ticks: [[{ unit: "B", kind: "blocked", from: "1010", to: "1009", facing: 3, mp: 0 }]],
      final: { B: { hex: "1010", facing: 3 } },
    };
    expect(playbackFrames(start, blocked)[0].B).toEqual({ hex: "1010", facing: 3 });
  });

  it("lets the final state win over the last tick", () => {
    const skid = { ...timeline, final: { ...timeline.final, A: { hex: "0704", facing: 1 } } };
    expect(playbackFrames(start, skid).at(-1)!.A).toEqual({ hex: "0704", facing: 1 });
  });

  it("does not change the start poses it was given", () => {
    playbackFrames(start, timeline);
    expect(start.A).toEqual({ hex: "0505", facing: 0 });
  });
});

/** A scheduler run by hand: `tick()` fires the pending callback. */
function manualClock() {
  let pending: (() => void) | null = null;
  const delays: number[] = [];
  const schedule: Scheduler = (fn, ms) => {
    pending = fn;
    delays.push(ms);
    return () => {
      pending = null;
    };
  };
  return {
    schedule,
    delays,
    tick() {
      const fn = pending;
      pending = null;
      fn?.();
    },
    get waiting() {
      return pending !== null;
    },
  };
}

function recordingPlayer(clock = manualClock()) {
  const shown: number[] = [];
  let finished = 0;
  const frames = playbackFrames(start, timeline);
  const player = new Player(
    frames,
    { show: (_p, index) => shown.push(index), finished: () => (finished += 1) },
    100,
    clock.schedule,
  );
  return { player, shown, clock, finishedCount: () => finished };
}

describe("the player", () => {
  it("shows every frame in order, then finishes once", () => {
    const { player, shown, clock, finishedCount } = recordingPlayer();
    player.play();
    for (let i = 0; i < 10; i++) clock.tick();
    expect(shown).toEqual([0, 1, 2, 3]);
    expect(finishedCount()).toBe(1);
    expect(clock.waiting).toBe(false);
  });

  it("pauses and resumes where it stopped", () => {
    const { player, shown, clock } = recordingPlayer();
    player.play();
    clock.tick();
    clock.tick();
    player.pause();
    expect(clock.waiting).toBe(false);
    expect(shown).toEqual([0, 1]);
    player.play();
    clock.tick();
    expect(shown).toEqual([0, 1, 2]);
  });

  it("steps one frame at a time and ignores steps past the end", () => {
    const { player, shown, finishedCount } = recordingPlayer();
    for (let i = 0; i < 6; i++) player.step();
    expect(shown).toEqual([0, 1, 2, 3]);
    expect(finishedCount()).toBe(1);
  });

  it("jumps to the end without showing the frames in between", () => {
    const { player, shown, finishedCount } = recordingPlayer();
    player.play();
    player.finish();
    player.finish();
    expect(shown).toEqual([3]);
    expect(finishedCount()).toBe(1);
    expect(player.playing).toBe(false);
  });

  it("steps back and seeks, and finishes only once", () => {
    const { player, shown, finishedCount } = recordingPlayer();
    player.seek(3);
    player.back();
    player.back();
    player.seek(99);
    player.seek(-5);
    expect(shown).toEqual([3, 2, 1, 3, 0]);
    expect(finishedCount()).toBe(1);
  });

  it("replays from the first frame when played again at the end", () => {
    const { player, shown, clock } = recordingPlayer();
    player.finish();
    player.play();
    clock.tick();
    clock.tick();
    expect(shown).toEqual([3, 0, 1]);
  });

  it("waits less between frames at a higher speed", () => {
    const { player, clock } = recordingPlayer();
    player.setSpeed(2);
    player.play();
    clock.tick();
    clock.tick();
    expect(clock.delays).toEqual([0, 50, 50]);
  });
});
