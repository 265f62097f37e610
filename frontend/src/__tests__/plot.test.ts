// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { parseLabel } from "../hex";
import type { Position } from "../path";
import { Plotter } from "../plot";
import type { ClientFrame, Order, Path, Step } from "../protocol";

// The controls as match.html lays them out.
const CONTROLS = `
  <section id="orders">
    ${["L", "F", "B", "R", "undo", "mode", "submit"].map((a) => `<button data-action="${a}"></button>`).join("")}
    <output id="pm"></output><ol id="plot-steps"></ol><p id="plot-message"></p>
  </section>`;

/** The server's priced answer: 1 PM a step, as on clear ground. */
function pricedPath(order: Order): Path {
  return {
    legal: true,
    mp: order.steps.length,
    moved: order.mode,
    steps: order.steps.map((step: Step) => ({ step, hex: "0000", facing: 0, mp: 1 })),
    end: { hex: "0000", facing: 0 },
  };
}

let sent: ClientFrame[];
let drawn: Position[][];
let plotter: Plotter;
let root: HTMLElement;

const lastOrder = () => {
  const frame = sent.at(-1)!;
  if (!("order" in frame)) throw new Error("expected an order frame");
  return frame.order;
};
const answer = () => plotter.handlePlotted(lastOrder(), pricedPath(lastOrder()));
const state = () => root.dataset.state;
const stepsShown = () => [...root.querySelectorAll("#plot-steps li")].map((li) => li.textContent);

beforeEach(() => {
  document.body.innerHTML = CONTROLS;
  root = document.querySelector("#orders")!;
  sent = [];
  drawn = [];
  plotter = new Plotter(root, {
    send: (frame) => {
      sent.push(frame);
      return true;
    },
    drawPath: (positions) => drawn.push(positions),
  }, root);
  // Alice's demo mech: 0816 facing north, 5 PM walking, 8 running.
  plotter.start({ id: "A", hex: "0816", facing: 0, walk: 5, run: 8 }, 1, null);
});

describe("plotting", () => {
  it("turns a click on the hex ahead into a forward step and asks the server to price it", () => {
    plotter.clickHex(parseLabel("0815"));
    expect(sent).toEqual([{ type: "plot", turn: 1, order: { unit: "A", mode: "walk", steps: ["F"] } }]);
    expect(state()).toBe("checking");
    answer();
    expect(state()).toBe("plotting");
    expect(root.querySelector("#pm")!.textContent).toBe("1 / 5 PM (walk)");
    expect(stepsShown()).toEqual(["F → 0815 (1 PM)"]);
    expect(drawn.at(-1)!.map((p) => p.facing)).toEqual([0, 0]);
  });

  it("inserts the turn needed to face a hex ahead-right", () => {
    // 0816 is in a lowered column (0-based 7): its north-east neighbour is 0916.
    plotter.clickHex(parseLabel("0916"));
    expect(lastOrder().steps).toEqual(["R", "F"]);
  });

  it("takes keys W, S, A and D as forward, back, left and right", () => {
    for (const [key, steps] of [["w", ["F"]], ["d", ["F", "R"]], ["a", ["F", "R", "L"]]] as const) {
      root.dispatchEvent(new KeyboardEvent("keydown", { key }));
      expect(lastOrder().steps).toEqual(steps);
      answer();
    }
  });

  it("ignores input while the server is pricing the last step", () => {
    plotter.clickHex(parseLabel("0815"));
    root.dispatchEvent(new KeyboardEvent("keydown", { key: "w" }));
    expect(sent).toHaveLength(1);
  });

  it("takes a refused step back and shows the server's reason", () => {
    plotter.clickHex(parseLabel("0815"));
    answer();
    plotter.clickHex(parseLabel("0814"));
    plotter.handleError("move.insufficient_mp", "A has 5 PM to walk");
    expect(state()).toBe("plotting");
    expect(stepsShown()).toEqual(["F → 0815 (1 PM)"]);
    const message = root.querySelector<HTMLElement>("#plot-message")!;
    expect(message.textContent).toBe("A has 5 PM to walk");
    expect(message.dataset.code).toBe("move.insufficient_mp");
  });

  it("ignores an answer to an order it no longer waits for", () => {
    plotter.clickHex(parseLabel("0815"));
    plotter.handlePlotted({ unit: "A", mode: "walk", steps: ["F", "F"] }, pricedPath(lastOrder()));
    expect(state()).toBe("checking");
  });

  it("undoes the last step and switches between walking and running", () => {
    plotter.clickHex(parseLabel("0815"));
    answer();
    root.querySelector<HTMLButtonElement>("[data-action=mode]")!.click();
    expect(lastOrder()).toEqual({ unit: "A", mode: "run", steps: ["F"] });
    answer();
    expect(root.querySelector("#pm")!.textContent).toBe("1 / 8 PM (run)");
    root.querySelector<HTMLButtonElement>("[data-action=undo]")!.click();
    // An empty path costs nothing: no need to ask.
    expect(sent).toHaveLength(2);
    expect(stepsShown()).toEqual([]);
  });

  it("submits the order and then waits, with the controls disabled", () => {
    plotter.clickHex(parseLabel("0815"));
    answer();
    root.querySelector<HTMLButtonElement>("[data-action=submit]")!.click();
    expect(sent.at(-1)).toEqual({ type: "submit", turn: 1, order: { unit: "A", mode: "walk", steps: ["F"] } });
    plotter.handleAccepted(lastOrder(), pricedPath(lastOrder()));
    expect(state()).toBe("submitted");
    expect([...root.querySelectorAll("button")].every((b) => b.disabled)).toBe(true);
  });

  it("shows an order already submitted when the page is reloaded", () => {
    plotter.start({ id: "A", hex: "0816", facing: 0, walk: 5, run: 8 }, 1, { unit: "A", mode: "run", steps: ["F", "F"] });
    expect(state()).toBe("submitted");
    expect(stepsShown()).toEqual(["F → 0815", "F → 0814"]);
  });

  it("gives up a request the dropped connection will never answer", () => {
    expect(plotter.interrupt()).toBe(false);
    plotter.clickHex(parseLabel("0815"));
    expect(plotter.interrupt()).toBe(true);
    expect(state()).toBe("plotting");
    expect(root.querySelector<HTMLElement>("#plot-message")!.dataset.code).toBe("socket.closed");
  });
});

describe("reachable hexes", () => {
  it("are asked for the plotted unit and mode, again when the mode changes, and put away once submitted", () => {
    const asked: [string | null, string, number][] = [];
    const reachRoot = document.createElement("section");
    reachRoot.innerHTML = CONTROLS;
    const withReach = new Plotter(reachRoot.querySelector("#orders")!, {
      send: () => true,
      drawPath: () => {},
      showReach: (unit, mode, turn) => asked.push([unit?.id ?? null, mode, turn]),
    }, reachRoot);
    const unit = { id: "A", hex: "0816", facing: 0, walk: 5, run: 8 };

    withReach.start(unit, 2, null);
    reachRoot.dispatchEvent(new KeyboardEvent("keydown", { key: "m" })); // no steps yet: nothing to price
    withReach.start(unit, 2, { unit: "A", mode: "walk", steps: ["F"] });

    expect(asked).toEqual([["A", "walk", 2], ["A", "run", 2], [null, "walk", 2]]);
  });
});
