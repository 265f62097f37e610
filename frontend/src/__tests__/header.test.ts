// The match page's header titles the phase as the ruleset's hints say it (`phase_title`, a coded reason): the
// skirmish ruleset's phase `order-3` is "Order 3" ("Orden 3" in Spanish); without a title, the phase's name.
import { afterEach, describe, expect, it } from "vitest";
import po from "../../../locale/es/LC_MESSAGES/djangojs.po?raw";
import { showHeader } from "../header";
import type { Snapshot } from "../protocol";
import { forgetCatalog, poEntries, speak } from "./gettext";

const snapshot = (hints?: Record<string, unknown>, phase = "order-3"): Snapshot => ({
  type: "snapshot", v: 7, match: { id: 1, status: "in_progress", ruleset: "skirmish", turn: 2, phase },
  board: { width: 12, height: 12, hexes: {} }, units: [], sides: [], you: { role: "spectator", side: null },
  hints, my_orders: [], last_playback: null,
}) as unknown as Snapshot;
const ordered = { phase: "order-3", panels: [], units: {}, phase_title: { code: "skirmish.phase_order", params: { number: 3 } } };
// The header element: all the header sets is its text and data attributes.
const header = () => ({ textContent: "", dataset: {} }) as unknown as HTMLElement;

afterEach(forgetCatalog);

describe("the match header", () => {
  it("shows a skirmish order's phase as the rules title it, in English and in Spanish", () => {
    const element = header();
    showHeader(element, snapshot(ordered));
    expect(element.textContent).toBe("Turn 2 · Order 3 · in progress");
    expect(element.dataset.phase).toBe("order-3");
    speak(Object.fromEntries(poEntries(po)));
    showHeader(element, snapshot(ordered));
    expect(element.textContent).toContain("· Orden 3 ·");
  });

  it("shows the phase's name, translated, for a title by name or none at all", () => {
    speak(Object.fromEntries(poEntries(po)));
    const element = header();
    showHeader(element, snapshot({ phase_title: { code: "rules.phase_title", params: { phase: "movement" } } }, "movement"));
    expect(element.textContent).toContain("· movimiento ·");
    showHeader(element, snapshot(undefined, "movement"));
    expect(element.textContent).toContain("· movimiento ·");
  });
});
