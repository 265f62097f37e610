// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { afterFrame } from "../position";
import type { Snapshot } from "../protocol";
import { showRematch } from "../rematch";

const finished = (role: "player" | "spectator", rematch?: number) =>
  ({ type: "snapshot", v: 9, match: { status: "finished" }, you: { role, side: null }, my_orders: [], sides: [], rematch }) as unknown as Snapshot;

describe("the rematch", () => {
  it("offers a player of the finished match a button that asks once", () => {
    document.body.innerHTML = `<p id="over">Match over.</p>`;
    const banner = document.querySelector<HTMLElement>("#over")!;
    let asked = 0;
    showRematch(banner, finished("player"), () => void asked++);
    const button = banner.querySelector<HTMLButtonElement>("button[data-rematch]")!;
    expect(button.textContent).toBe("Rematch");
    button.click();
    expect([asked, button.disabled]).toEqual([1, true]);
    showRematch(banner, finished("spectator"), () => {});
    expect(banner.querySelector(".rematch")).toBeNull();
  });

  it("links everyone to the rematch once it is offered (its frame moves the page's copy)", () => {
    document.body.innerHTML = `<p id="over">Match over.</p>`;
    const banner = document.querySelector<HTMLElement>("#over")!;
    const offered = afterFrame(finished("spectator"), { type: "rematch", v: 10, match: 42, by: "bob" })!;
    showRematch(banner, offered, () => {});
    expect(banner.querySelector<HTMLAnchorElement>("#rematch-link")!.getAttribute("href")).toBe("/matches/42/lobby/");
    expect(banner.textContent).toBe("Match over. A rematch is offered: to its lobby");
  });
});
