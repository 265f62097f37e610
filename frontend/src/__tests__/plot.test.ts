// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { parseLabel } from "../hex";
import type { Position } from "../path";
import { type PlotUnit, Plotter, modeLimit, modesOf, plainLimit } from "../rulesets/solaris/plot";
import { PlotMemory } from "../rulesets/solaris/plot-memory";
import type { ClientFrame, Order, Path, Step, StepOrder } from "../protocol";

// The controls as match.html lays them out.
/** A unit as the plotter gets it: its modes' budgets as the server's hints give them (rules/rulesets/solaris/hints.py). */
function mech(unit: { id: string; hex: string; facing: number; walk: number; run: number; jump?: number; masc?: boolean; prone?: boolean }): PlotUnit {
  const { walk, run, jump = 0, masc = false, ...rest } = unit;
  return {
    ...rest,
    modes: {
      walk: { mp: walk, plain: walk }, run: { mp: run, plain: walk },
      ...(jump > 0 ? { jump: { mp: jump, plain: jump } } : {}), ...(masc ? { masc: { mp: 2 * walk, plain: run } } : {}),
    },
  };
}

const CONTROLS = `
  <section id="orders">
    ${["L", "F", "B", "R", "SU", "GP", "undo", "submit"].map((a) => `<button data-action="${a}"></button>`).join("")}
    <fieldset id="plot-mode"><legend>Mode</legend></fieldset>
    <output id="pm"></output><ol id="plot-steps"></ol><p id="plot-message"></p>
  </section>`;

/** The server's priced answer: 1 PM a step, as on clear ground; a jump of 3 hexes. */
function pricedPath(order: Order): Path {
  const steps = order.mode === "jump"
    ? [{ step: "J" as const, hex: order.to, facing: order.facing, mp: 3 }]
    : order.steps.map((step) => ({ step, hex: "0000", facing: 0, mp: 1 }));
  return {
    legal: true,
    mp: steps.reduce((sum, step) => sum + step.mp, 0),
    moved: order.mode,
    steps,
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
  return frame.order as Order;
};
const lastSteps = () => (lastOrder() as StepOrder).steps;
const press = (key: string) => root.dispatchEvent(new KeyboardEvent("keydown", { key }));
const modesShown = () => [...root.querySelectorAll<HTMLInputElement>("#plot-mode input")].map((r) => `${r.value}${r.checked ? "*" : ""}`);
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
  plotter.start(mech({ id: "A", hex: "0816", facing: 0, walk: 5, run: 8 }), 1, null, 7);
});

describe("plotting", () => {
  it("turns a click on the hex ahead into a forward step and asks the server to price it", () => {
    plotter.clickHex(parseLabel("0815"));
    expect(sent).toEqual([{ type: "plot", turn: 1, v: 7, order: { unit: "A", mode: "walk", steps: ["F"] } }]);
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
    expect(lastSteps()).toEqual(["R", "F"]);
  });

  it("takes keys W, S, A and D as forward, back, left and right", () => {
    for (const [key, steps] of [["w", ["F"]], ["d", ["F", "R"]], ["a", ["F", "R", "L"]]] as const) {
      root.dispatchEvent(new KeyboardEvent("keydown", { key }));
      expect(lastSteps()).toEqual(steps);
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
    root.querySelector<HTMLInputElement>("#plot-mode input[value=run]")!.click();
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
    expect(sent.at(-1)).toEqual({ type: "submit", turn: 1, v: 7, order: { unit: "A", mode: "walk", steps: ["F"] } });
    plotter.handleAccepted(lastOrder(), pricedPath(lastOrder()));
    expect(state()).toBe("submitted");
    expect([...root.querySelectorAll("button")].every((b) => b.disabled)).toBe(true);
  });

  it("shows an order already submitted when the page is reloaded", () => {
    plotter.start(mech({ id: "A", hex: "0816", facing: 0, walk: 5, run: 8 }), 1, { unit: "A", mode: "run", steps: ["F", "F"] }, 7);
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

describe("an order plotted on an old position (order.stale_version)", () => {
  const alice = mech({ id: "A", hex: "0816", facing: 0, walk: 5, run: 8 });
  const message = () => root.querySelector<HTMLElement>("#plot-message")!;

  /** Two steps priced, then the submit refused: the referee corrected a unit after version 7. */
  function submitStale(): void {
    plotter.clickHex(parseLabel("0815"));
    answer();
    plotter.clickHex(parseLabel("0814"));
    answer();
    root.querySelector<HTMLButtonElement>("[data-action=submit]")!.click();
    plotter.handleError("order.stale_version", "The position changed after version 7; read it again (resync).");
  }

  it("keeps the plot of a unit still where it stood and has it priced again at the new version", () => {
    submitStale();
    sent = [];
    plotter.start(alice, 1, null, 9);

    expect(sent).toEqual([{ type: "plot", turn: 1, v: 9, order: { unit: "A", mode: "walk", steps: ["F", "F"] } }]);
    expect(message().dataset.code).toBe("order.stale_version");
    expect(message().textContent).toContain("old position");
    answer();
    expect(state()).toBe("plotting");
    expect(stepsShown()).toEqual(["F → 0815 (1 PM)", "F → 0814 (1 PM)"]);
  });

  it("clears the plot of a unit the correction moved: its steps would mean another path", () => {
    submitStale();
    sent = [];
    plotter.start({ ...alice, hex: "0716" }, 1, null, 9);

    expect(sent).toEqual([]);
    expect(stepsShown()).toEqual([]);
    expect(state()).toBe("plotting");
    expect(message().dataset.code).toBe("order.stale_version");
    expect(message().textContent).toContain("has moved");
  });

  it("keeps a plot held through a referee's correction and prices it at the new version", () => {
    plotter.clickHex(parseLabel("0815"));
    answer();
    plotter.holdPlot();
    sent = [];
    plotter.start(alice, 1, null, 9);
    expect(sent).toEqual([{ type: "plot", turn: 1, v: 9, order: { unit: "A", mode: "walk", steps: ["F"] } }]);
    answer();
    expect(stepsShown()).toEqual(["F → 0815 (1 PM)"]);
  });

  it("holds nothing when there is no plot: the restart starts clean", () => {
    plotter.holdPlot();
    sent = [];
    plotter.start(alice, 1, null, 9);
    expect(sent).toEqual([]);
    expect(message().dataset.code).toBe("");
  });

  it("forgets a stale plot when the next phase has no movement for it", () => {
    submitStale();
    plotter.stop();
    sent = [];
    plotter.start(alice, 1, null, 9);
    expect(sent).toEqual([]);
    expect(message().dataset.code).toBe("");
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
    const unit = mech({ id: "A", hex: "0816", facing: 0, walk: 5, run: 8 });

    withReach.start(unit, 2, null, 7);
    reachRoot.dispatchEvent(new KeyboardEvent("keydown", { key: "m" })); // no steps yet: nothing to price
    withReach.start(unit, 2, { unit: "A", mode: "walk", steps: ["F"] }, 7);

    expect(asked).toEqual([["A", "walk", 2], ["A", "run", 2], [null, "walk", 2]]);
  });

  it("are asked for jumps and MASC too, each dashed past what walking (running, for MASC) reaches", () => {
    const plain = { id: "A", hex: "0816", facing: 0, walk: 5, run: 8 };
    const unit = mech({ ...plain, jump: 4, masc: true });
    expect(modesOf(unit)).toEqual(["walk", "run", "jump", "masc"]);
    expect(modesOf(mech(plain))).toEqual(["walk", "run"]);
    expect(["walk", "run", "jump", "masc"].map((mode) => modeLimit(unit, mode as Order["mode"]))).toEqual([5, 8, 4, 10]);
    expect(["walk", "run", "jump", "masc"].map((mode) => plainLimit(unit, mode as Order["mode"]))).toEqual([5, 5, 4, 8]);
  });
});

describe("modes", () => {
  const jumper = mech({ id: "A", hex: "0816", facing: 0, walk: 5, run: 8, jump: 4, masc: true });
  let asked: string[];

  beforeEach(() => {
    asked = [];
    document.body.innerHTML = CONTROLS; // a page of its own, away from the walking plotter's
    root = document.querySelector("#orders")!;
    plotter = new Plotter(root, {
      send: (frame) => {
        sent.push(frame);
        return true;
      },
      drawPath: (positions) => drawn.push(positions),
      showReach: (unit, mode) => asked.push(unit ? mode : "none"),
    }, root);
    plotter.start(jumper, 1, null, 7);
  });

  it("are offered for the unit: jump with jump jets, MASC when it has it; M goes round them", () => {
    expect(modesShown()).toEqual(["walk*", "run", "jump", "masc"]);
    press("m");
    press("m");
    expect(modesShown()).toEqual(["walk", "run", "jump*", "masc"]);
    press("m");
    expect(modesShown()).toEqual(["walk", "run", "jump", "masc*"]);
    expect(root.querySelector("#pm")!.textContent).toBe("0 / 10 PM (MASC)");
    expect(asked).toEqual(["walk", "run", "jump", "masc"]);
    plotter.start(mech({ id: "A", hex: "0816", facing: 0, walk: 5, run: 8 }), 1, null, 7);
    expect(modesShown()).toEqual(["walk*", "run"]);
    expect(root.querySelector("#plot-mode legend")!.textContent).toBe("Mode");
  });

  it("plot MASC step by step, never backwards", () => {
    root.querySelector<HTMLInputElement>("#plot-mode input[value=masc]")!.click();
    plotter.clickHex(parseLabel("0817")); // the hex behind: turn round and go forward
    expect(lastOrder()).toEqual({ unit: "A", mode: "masc", steps: ["R", "R", "R", "F"] });
  });

  it("J jumps: the hex picked is the landing, A and D turn the landing facing, undo forgets it", () => {
    press("w");
    answer();
    press("j");
    expect(root.dataset.mode).toBe("jump");
    expect(stepsShown()).toEqual([]); // the walked steps are dropped: a jump has none
    expect(asked.at(-1)).toBe("jump");
    press("w"); // no steps while jumping
    expect(sent).toHaveLength(1);

    plotter.clickHex(parseLabel("0813"));
    expect(lastOrder()).toEqual({ unit: "A", mode: "jump", to: "0813", facing: 0 });
    answer();
    expect(stepsShown()).toEqual(["J → 0813 (3 PM)"]);
    expect(root.querySelector("#pm")!.textContent).toBe("3 / 4 PM (jump)");
    press("d");
    expect(lastOrder()).toEqual({ unit: "A", mode: "jump", to: "0813", facing: 1 });
    answer();
    expect(drawn.at(-1)!.map((p) => [p.hex, p.facing])).toEqual([[parseLabel("0816"), 0], [parseLabel("0813"), 1]]);

    root.querySelector<HTMLButtonElement>("[data-action=submit]")!.click();
    expect(sent.at(-1)).toEqual({ type: "submit", turn: 1, v: 7, order: { unit: "A", mode: "jump", to: "0813", facing: 1 } });
    plotter.handleError("move.insufficient_mp", "too far");
    press("z");
    expect(stepsShown()).toEqual([]);
    expect(root.dataset.mode).toBe("jump");
  });

  it("will not submit a jump without its landing hex", () => {
    press("j");
    root.querySelector<HTMLButtonElement>("[data-action=submit]")!.click();
    expect(sent).toEqual([]);
    expect(root.querySelector("#plot-message")!.textContent).toBe("Pick the hex to land in first.");
  });

  it("shows a jump already submitted when the page is reloaded", () => {
    plotter.start(jumper, 1, { unit: "A", mode: "jump", to: "0813", facing: 2 }, 7);
    expect(root.dataset.state).toBe("submitted");
    expect(stepsShown()).toEqual(["J → 0813"]);
    expect(modesShown()).toEqual(["walk", "run", "jump*", "masc"]);
  });
});

describe("a prone mech (issue 16)", () => {
  const prone = mech({ id: "A", hex: "0816", facing: 0, walk: 5, run: 8, prone: true });
  const standCheck = { roll: "piloting", reason: "stand", target: 5, reasons: ["standing up: piloting 5 = 5"] };

  it("stands up with the button or U, and the list shows the 2 PM and the piloting roll the server priced", () => {
    plotter.start(prone, 2, null, 9);
    expect(root.dataset.prone).toBe("true");
    press("u");
    expect(lastOrder()).toEqual({ unit: "A", mode: "walk", steps: ["SU"] });
    plotter.handlePlotted(lastOrder(), {
      ...pricedPath(lastOrder()),
      mp: 2,
      steps: [{ step: "SU", hex: "0816", facing: 0, mp: 2, checks: [standCheck] }],
    });
    expect(stepsShown()).toEqual(["stand up → 0816 (2 PM; piloting roll 5+: standing up: piloting 5 = 5)"]);
    press("w");
    expect(lastSteps()).toEqual(["SU", "F"]);
    answer();
    expect(drawn.at(-1)!.map((p) => p.hex)).toEqual([parseLabel("0816"), parseLabel("0816"), parseLabel("0815")]);
  });

  it("plots to a shaded hex the server's path, which stands up first", () => {
    plotter.start(prone, 2, null, 9);
    plotter.handleReach("A", "walk", { "0815": ["SU", "F"], "0814": ["SU", "F", "F"] });
    plotter.clickHex(parseLabel("0815"));
    expect(lastSteps()).toEqual(["SU", "F"]);
  });

  it("is told apart from a standing one, which may go prone with P (1 PM, no roll, as the server prices it)", () => {
    expect(root.dataset.prone).toBe("false");
    press("p");
    expect(lastSteps()).toEqual(["GP"]);
    answer();
    expect(stepsShown()).toEqual(["go prone → 0816 (1 PM)"]);
  });
});

describe("plotting by destination (issue 16)", () => {
  const paths = { "0815": ["F"], "0813": ["F", "F", "F"], "1014": ["R", "F", "F"] } as Record<string, Step[]>;

  it("plots the server's cheapest path to a far shaded hex, replacing the plot", () => {
    plotter.handleReach("A", "walk", paths);
    plotter.clickHex(parseLabel("0813"));
    expect(lastSteps()).toEqual(["F", "F", "F"]);
    answer();
    expect(stepsShown()).toEqual(["F → 0815 (1 PM)", "F → 0814 (1 PM)", "F → 0813 (1 PM)"]);
    // Next to the end of the path, a click adds the steps into it; a far one plots afresh.
    plotter.clickHex(parseLabel("0812"));
    expect(lastSteps()).toEqual(["F", "F", "F", "F"]);
    answer();
    plotter.clickHex(parseLabel("1014"));
    expect(lastSteps()).toEqual(["R", "F", "F"]);
  });

  it("ignores a reach answer for another unit or mode, and a hex with no path", () => {
    plotter.handleReach("B", "walk", paths);
    plotter.handleReach("A", "run", paths);
    plotter.clickHex(parseLabel("0813"));
    expect(sent).toEqual([]);
  });

  it("takes the plot back to a step clicked in the list", () => {
    plotter.handleReach("A", "walk", paths);
    plotter.clickHex(parseLabel("0813"));
    answer();
    root.querySelector<HTMLElement>("#plot-steps li[data-step='1']")!.click();
    expect(lastSteps()).toEqual(["F"]);
  });
});

describe("a plot kept across a reload (issue 16)", () => {
  const store = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
  };
  const unit = mech({ id: "A", hex: "0816", facing: 0, walk: 5, run: 8 });

  function pagePlotter(memory: PlotMemory): Plotter {
    document.body.innerHTML = CONTROLS;
    root = document.querySelector("#orders")!;
    return new Plotter(root, { send: (frame) => (sent.push(frame), true), drawPath: () => {}, memory }, root);
  }

  /** A page that plots one step forward in turn 1, keeping its plots in `storage`. */
  function plotForward(storage: ReturnType<typeof store>): void {
    plotter = pagePlotter(new PlotMemory("1", storage));
    plotter.start(unit, 1, null, 7);
    press("w");
    answer();
  }

  it("plots an unsubmitted plot again after a reload, while the mech stands where it did", () => {
    const storage = store();
    plotForward(storage);
    press("d");
    answer();
    // The reload: a new page, the same storage.
    sent = [];
    plotter = pagePlotter(new PlotMemory("1", storage));
    plotter.start(unit, 1, null, 8);
    expect(sent).toEqual([{ type: "plot", turn: 1, v: 8, order: { unit: "A", mode: "walk", steps: ["F", "R"] } }]);
    // Another turn, or the mech moved by the referee: forgotten.
    sent = [];
    pagePlotter(new PlotMemory("1", storage)).start(unit, 2, null, 9);
    pagePlotter(new PlotMemory("1", storage)).start({ ...unit, hex: "0815" }, 1, null, 9);
    expect(sent).toEqual([]);
  });

  it("shows a submitted order with the step costs the server gave it", () => {
    const storage = store();
    plotForward(storage);
    root.querySelector<HTMLButtonElement>("[data-action=submit]")!.click();
    plotter.handleAccepted(lastOrder(), pricedPath(lastOrder()));
    plotter = pagePlotter(new PlotMemory("1", storage));
    plotter.start(unit, 1, { unit: "A", mode: "walk", steps: ["F"] }, 8);
    expect(stepsShown()).toEqual(["F → 0815 (1 PM)"]);
    expect(new PlotMemory("1", storage).plot()).toBeNull();
  });

  it("loses nothing but the memory when the storage refuses", () => {
    const broken = { getItem: () => { throw new Error("denied"); }, setItem: () => { throw new Error("full"); }, removeItem: () => {} };
    plotter = pagePlotter(new PlotMemory("1", broken));
    plotter.start(unit, 1, null, 7);
    press("w");
    expect(() => answer()).not.toThrow();
  });
});
