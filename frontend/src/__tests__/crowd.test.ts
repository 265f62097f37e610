// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { showCrowd, showSeatedReferee, showSpectatorDelay } from "../crowd";
import { judgeFrame } from "../socket";

describe("the crowd count", () => {
  it("shows the latest count, hidden until the server has told one", () => {
    document.body.innerHTML = '<p id="crowd" hidden>Spectators: <output></output></p>';
    const crowd = document.querySelector<HTMLElement>("#crowd")!;
    showCrowd(crowd, 3);
    showCrowd(crowd, 2);
    expect([crowd.hidden, crowd.dataset.spectators, crowd.textContent]).toEqual([false, "2", "Spectators: 2"]);
  });

  it("is applied whatever version the socket has seen: it is no event and has no version", () => {
    expect(judgeFrame(null, { type: "crowd", spectators: 1 })).toBe("apply");
    expect(judgeFrame(7, { type: "crowd", spectators: 0 })).toBe("apply");
  });
});

describe("the seated referee", () => {
  it("is named in the match header, and the line hidden while nobody is seated", () => {
    document.body.innerHTML = '<p id="referee" hidden>Referee: <output></output></p>';
    const line = document.querySelector<HTMLElement>("#referee")!;
    showSeatedReferee(line, "dana");
    expect([line.hidden, line.dataset.referee, line.textContent]).toEqual([false, "dana", "Referee: dana"]);
    showSeatedReferee(line, null);
    expect([line.hidden, line.textContent]).toEqual([true, "Referee: "]);
  });
});

describe("the spectator delay notice", () => {
  it("tells a spectator of a delayed match how far behind they are, and nobody else", () => {
    document.body.innerHTML = '<p id="delay" hidden></p>';
    const line = document.querySelector<HTMLElement>("#delay")!;
    showSpectatorDelay(line, "spectator", { spectator_delay: 2 });
    expect([line.hidden, line.dataset.delay, line.dataset.delaySeconds]).toEqual([false, "2", "0"]);
    expect(line.textContent).toBe("Delayed view: you see the match as it stood 2 resolved phases ago; the players see it live.");
    for (const [role, options] of [
      ["player", { spectator_delay: 2 }], ["referee", { spectator_delay_seconds: 30 }], ["spectator", { spectator_delay: 0 }],
      ["spectator", {}], ["spectator", undefined],
    ] as const) {
      showSpectatorDelay(line, role, options);
      expect([line.hidden, line.textContent]).toEqual([true, ""]);
    }
  });

  it("says the delay in seconds when the match sets one", () => {
    document.body.innerHTML = '<p id="delay" hidden></p>';
    const line = document.querySelector<HTMLElement>("#delay")!;
    showSpectatorDelay(line, "spectator", { spectator_delay: 0, spectator_delay_seconds: 30 });
    expect([line.hidden, line.dataset.delay, line.dataset.delaySeconds]).toEqual([false, "0", "30"]);
    expect(line.textContent).toBe("Delayed view: you see the match as it stood 30 seconds ago; the players see it live.");
  });
});
