// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { showCrowd } from "../crowd";
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
