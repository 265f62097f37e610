// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import type { Unit } from "../protocol";
import type { MechInfo } from "../protocol-combat";
import { RecordSheets, heatEffectsText, locationState, movementText } from "../rulesets/solaris/record-sheet";

const LOCATIONS = ["HD", "CT", "LT", "RT", "LA", "RA", "LL", "RL"];
const full = (value: number) => Object.fromEntries(LOCATIONS.map((l) => [l, value]));

function mech(changes: Partial<MechInfo> = {}): MechInfo {
  return {
    design: "Phoenix Hawk PXH-1", heat: 0, armour: full(10), internal: full(5), armour_max: full(10), internal_max: full(5),
    rear_armour: { CT: 4, LT: 3, RT: 3 }, rear_armour_max: { CT: 4, LT: 3, RT: 3 }, locations_destroyed: [], pilot_hits: 0,
    conscious: true, shutdown: false, destroyed: "", surrendered: false, active: true, weapons: [],
    components: [
      { index: 22, name: "Shoulder", location: "LA", slots: [0], rear: false, hit_slots: [], destroyed: false },
      { index: 32, name: "Large Laser", location: "RA", slots: [4, 5], rear: false, hit_slots: [4], destroyed: true },
    ],
    heat_effects: { mp_loss: 0, to_hit: 0, shutdown_avoid: 0, automatic_shutdown: false, ammo_explosion_avoid: 0, dissipation: 10 },
    movement: { walk: 6, walk_left: 6, jump: 6, jump_left: 6, reasons: [] },
    ...changes,
  };
}

const unit = (id: string, side: string): Unit => ({ id, side, kind: "mech", name: id, hex: "0101", facing: 0, walk: 6, run: 9 });

describe("a location's state", () => {
  it("goes from intact to armour hit, structure hit and destroyed", () => {
    expect(locationState(mech(), "CT")).toBe("intact");
    expect(locationState(mech({ rear_armour: { CT: 1 } }), "CT")).toBe("armour");
    expect(locationState(mech({ internal: { ...full(5), LA: 2 } }), "LA")).toBe("internal");
    expect(locationState(mech({ locations_destroyed: ["RA"] }), "RA")).toBe("destroyed");
    expect(locationState(mech({ internal: { ...full(5), LL: 0 } }), "LL")).toBe("destroyed");
  });
});

describe("the heat scale and the MP left, in words (the server's numbers)", () => {
  it("says each effect the server sends, or none", () => {
    expect(heatEffectsText(mech())).toEqual(["no effect"]);
    const hot = mech({ heat: 24, heat_effects: { mp_loss: 4, to_hit: 4, shutdown_avoid: 8, automatic_shutdown: false, ammo_explosion_avoid: 6, dissipation: 10 } });
    expect(heatEffectsText(hot)).toEqual([
      "−4 walking MP", "+4 to hit", "shutdown unless it rolls 8+", "ammunition explodes unless it rolls 6+",
    ]);
    const melting = mech({ heat_effects: { mp_loss: 5, to_hit: 4, shutdown_avoid: 10, automatic_shutdown: true, ammo_explosion_avoid: 8, dissipation: 10 } });
    expect(heatEffectsText(melting)).toContain("the reactor shuts down");
  });

  it("says why the walking MP dropped", () => {
    const slowed = mech({ movement: { walk: 6, walk_left: 4, jump: 0, jump_left: 0, reasons: ["heat 10: -2 MP"] } });
    expect(movementText(slowed)).toBe("walking 6 → 4 MP (heat 10: -2 MP)");
  });
});

describe("the record sheets panel", () => {
  let root: HTMLElement;
  let sheets: RecordSheets;
  beforeEach(() => {
    document.body.innerHTML = `<section id="record-sheets" hidden><div class="sheets"></div></section>`;
    root = document.querySelector("#record-sheets")!;
    sheets = new RecordSheets(root);
  });

  it("shows the viewer's mech first, each location's armour and structure, criticals and ammunition", () => {
    const mine = mech({ ammo: [{ index: 15, label: "Ammo Machine Gun [CT]", shots: 200 }] });
    sheets.show({
      units: [unit("A", "alice"), unit("B", "bob")],
      mechs: { A: mech({ armour: { ...full(10), CT: 3 }, pilot_hits: 2 }), B: mine },
      players: { alice: "alice", bob: "bob" },
      side: "bob",
    });
    expect(root.hidden).toBe(false);
    const [first, second] = [...root.querySelectorAll<HTMLElement>(".record-sheet")];
    expect([first.dataset.unit, second.dataset.unit]).toEqual(["B", "A"]);
    expect(first.querySelector("h3")!.textContent).toBe("B · Phoenix Hawk PXH-1 (bob)");
    const centre = second.querySelector<SVGGElement>("[data-location='CT']")!;
    expect([centre.dataset.armour, centre.dataset.state]).toEqual(["3", "armour"]);
    expect(second.querySelector<HTMLElement>(".pilot")!.dataset.hits).toBe("2");
    expect(first.querySelector(".ammo li")!.textContent).toBe("Ammo Machine Gun [CT]: 200 shots");
    expect(second.querySelector(".ammo")).toBeNull();
    const laser = first.querySelector<HTMLElement>(".criticals ul[data-location='RA'] li")!;
    expect([laser.textContent, laser.dataset.destroyed, laser.dataset.hit]).toEqual(["5-6. Large Laser", "true", "true"]);
  });

  it("keeps a sheet's critical slots open across a redraw", () => {
    const view = { units: [unit("A", "alice")], mechs: { A: mech() }, players: {}, side: null };
    sheets.show(view);
    const details = root.querySelector("details")!;
    details.open = true;
    details.dispatchEvent(new Event("toggle"));
    sheets.show(view);
    expect(root.querySelector("details")!.open).toBe(true);
  });

  it("stays hidden for a match without mechs", () => {
    sheets.show({ units: [unit("A", "alice")], mechs: {}, players: {}, side: null });
    expect(root.hidden).toBe(true);
  });
});
