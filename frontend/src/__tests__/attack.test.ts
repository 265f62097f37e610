// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { errorText } from "../errors";
import { AttackPanel, attackOrder, describeToHit, rangeBand, sameAttackOrder } from "../rulesets/solaris/attack";
import type { AttackFrame, Unit } from "../protocol";
import type { AttackCheck, AttackOption, AttackOptions, MechInfo, WeaponInfo } from "../protocol-combat";
import { forgetCatalog, speak } from "./gettext";

const weapon = (index: number, label: string, range: WeaponInfo["range"], extra: Partial<WeaponInfo> = {}): WeaponInfo => ({
  index, name: label.split(" [")[0], label, heat: 3, damage: 5, range, fired: false, destroyed: false, ...extra,
});
const LARGE_LASER = weapon(32, "Large Laser [RA]", { minimum: 0, short: 5, medium: 10, long: 15, underwater: [3, 6, 9] });
const MEDIUM_LASER = weapon(26, "Medium Laser [LA]", { minimum: 0, short: 3, medium: 6, long: 9 });
const AC5 = weapon(19, "AC/5 [LT]", { minimum: 3, short: 6, medium: 12, long: 18 }, { fired: true });

const mech: MechInfo = {
  design: "Phoenix Hawk PXH-1", heat: 0, armour: {}, internal: {}, conscious: true, shutdown: false,
  destroyed: "", surrendered: false, active: true, weapons: [LARGE_LASER, MEDIUM_LASER, AC5],
};
const unit = (id: string, side: string, hex: string): Unit => ({
  id, side, hex, kind: "mech", name: `${id} mech`, facing: 0, walk: 5, run: 8,
});
const A = unit("A", "alice", "0808");
const B = unit("B", "bob", "0801"); // 7 hexes north of A

const check = (target: number): AttackCheck => ({
  legal: true,
  attacks: [{ unit: "A", target: "B", attack: "Large Laser [RA]", to_hit: { target, modifiers: [
    { value: 4, reason: "gunnery skill 4" }, { value: 2, reason: "medium range (7 hexes)" },
  ] } }],
});

describe("attack helpers", () => {
  it("places a distance in a weapon's range brackets, minimum range included", () => {
    expect(rangeBand(LARGE_LASER.range, 5)).toBe("short");
    expect(rangeBand(LARGE_LASER.range, 6)).toBe("medium");
    expect(rangeBand(LARGE_LASER.range, 15)).toBe("long");
    expect(rangeBand(LARGE_LASER.range, 16)).toBe("out of range");
    expect(rangeBand(AC5.range, 2)).toBe("short, inside minimum range 3");
  });

  it("builds the order of each phase, holding fire when nothing is chosen", () => {
    expect(attackOrder("weapons", "A", "B", ["32", "26"], -1)).toEqual({ unit: "A", target: "B", weapons: ["32", "26"], twist: -1 });
    expect(attackOrder("weapons", "A", "B", [], 1)).toEqual({ unit: "A", target: "", weapons: [], twist: 0 });
    expect(attackOrder("physical", "A", "B", ["kick:RL"])).toEqual({ unit: "A", target: "B", attack: "kick", limb: "RL" });
    expect(attackOrder("physical", "A", "B", [])).toEqual({ unit: "A", target: "", attack: "", limb: "" });
  });

  it("compares orders field by field, whatever the key order", () => {
    const sent = { unit: "A", target: "B", weapons: ["32"], twist: 0 };
    expect(sameAttackOrder(sent, { twist: 0, weapons: ["32"], target: "B", unit: "A" })).toBe(true);
    expect(sameAttackOrder(sent, { ...sent, weapons: ["26"] })).toBe(false);
  });

  it("spells out the target number and every modifier", () => {
    expect(describeToHit(check(6).attacks[0])).toBe("Large Laser [RA]: 6+ (gunnery skill 4 +4, medium range (7 hexes) +2)");
  });
});

describe("the attack panel", () => {
  let sent: AttackFrame[];
  let panel: AttackPanel;
  let root: HTMLElement;
  const choice = (value: string) => root.querySelector<HTMLInputElement>(`[data-choice="${value}"]`)!;
  const pick = (value: string) => {
    choice(value).checked = true;
    choice(value).dispatchEvent(new Event("change", { bubbles: true }));
  };

  beforeEach(() => {
    document.body.innerHTML = `<section id="attack"></section>`;
    root = document.querySelector("#attack")!;
    sent = [];
    panel = new AttackPanel(root, { send: (frame) => (sent.push(frame), true) });
    panel.start({ phase: "weapons", turn: 1, unit: A, mech, enemies: [B], submitted: null, v: 7 });
  });

  it("shows each weapon's range band at the target's distance and keeps fired ones out", () => {
    expect(choice("32").closest("li")!.textContent).toContain("medium at 7 hexes");
    expect(choice("32").closest("li")!.textContent).toContain("5/10/15 (underwater 3/6/9)");
    expect(choice("26").closest("li")!.textContent).toContain("long at 7 hexes");
    expect(choice("26").closest("li")!.textContent).not.toContain("underwater");
    expect(choice("19").disabled).toBe(true);
    expect(choice("19").closest("li")!.textContent).toContain("fired this turn");
  });

  it("keeps out a weapon the server says a prone mech cannot fire (TW 'Prone 'Mechs')", () => {
    const prone = { ...mech, weapons: [LARGE_LASER, { ...MEDIUM_LASER, prone_blocked: "attack.prone_leg_weapon" }] };
    panel.start({ phase: "weapons", turn: 1, unit: { ...A, prone: true }, mech: prone, enemies: [B], submitted: null, v: 7 });
    expect(choice("26").disabled).toBe(true);
    expect(choice("26").closest("li")!.textContent).toContain("cannot fire while prone");
    expect(choice("32").disabled).toBe(false);
  });

  it("asks the server for the target numbers of the chosen weapons and shows its answer", () => {
    pick("32");
    const order = { unit: "A", target: "B", weapons: ["32"], twist: 0 };
    expect(sent).toEqual([{ type: "plot", order, turn: 1, phase: "weapons", v: 7 }]);
    expect(root.dataset.state).toBe("checking");

    panel.handleChecked(order, check(6), false);

    expect(root.dataset.state).toBe("choosing");
    expect(root.querySelector("#attack-checks li")!.getAttribute("data-target-number")).toBe("6");
    root.querySelector<HTMLButtonElement>("[data-attack=submit]")!.click();
    expect(sent.at(-1)).toEqual({ type: "submit", order, turn: 1, phase: "weapons", v: 7 });
    panel.handleChecked(order, check(6), true);
    expect(root.dataset.state).toBe("submitted");
  });

  it("shows a refusal with its code and lets the player choose again", () => {
    pick("26");
    panel.handleError("attack.out_of_arc", "the target is in the left arc");

    expect(root.dataset.state).toBe("choosing");
    expect(root.querySelector("#attack-message")!.getAttribute("data-code")).toBe("attack.out_of_arc");
    expect(choice("26").disabled).toBe(false);
  });

  it("ignores answers it does not wait for, and holds fire with one click", () => {
    panel.handleChecked({ unit: "A", target: "B", weapons: ["26"], twist: 0 }, check(9), false);
    expect(root.querySelectorAll("#attack-checks li")).toHaveLength(0);

    root.querySelector<HTMLButtonElement>("[data-attack=hold]")!.click();
    expect(sent).toEqual([{ type: "submit", order: { unit: "A", target: "", weapons: [], twist: 0 }, turn: 1, phase: "weapons", v: 7 }]);
  });

  it("offers one physical attack at a time in the physical phase", () => {
    panel.start({ phase: "physical", turn: 1, unit: A, mech, enemies: [B], submitted: null, v: 7 });
    expect(root.querySelector("#attack-title")!.textContent).toBe("Physical attack");

    pick("kick:RL");

    expect(sent).toEqual([{ type: "plot", order: { unit: "A", target: "B", attack: "kick", limb: "RL" }, turn: 1, phase: "physical", v: 7 }]);
  });

  it("checks a choice refused as stale again on the new position, or clears it when its target is gone", () => {
    pick("32");
    panel.handleError("order.stale_version", "The position changed after version 7; read it again (resync).");
    sent = [];
    panel.start({ phase: "weapons", turn: 1, unit: A, mech, enemies: [B], submitted: null, v: 9 });

    const order = { unit: "A", target: "B", weapons: ["32"], twist: 0 };
    expect(sent).toEqual([{ type: "plot", order, turn: 1, phase: "weapons", v: 9 }]);
    expect(choice("32").checked).toBe(true);
    expect(root.querySelector("#attack-message")!.getAttribute("data-code")).toBe("order.stale_version");

    panel.handleError("order.stale_version", "The position changed after version 9; read it again (resync).");
    sent = [];
    panel.start({ phase: "weapons", turn: 1, unit: A, mech, enemies: [], submitted: null, v: 11 });
    expect(sent).toEqual([]);
    expect(choice("32").checked).toBe(false);
    expect(root.querySelector("#attack-message")!.textContent).toContain("choose again");
  });

  it("shows a declared order as submitted after a reload", () => {
    panel.start({ phase: "weapons", turn: 1, unit: A, mech, enemies: [B], submitted: { unit: "A", target: "B", weapons: ["32"], twist: 1 }, v: 7 });

    expect(root.dataset.state).toBe("submitted");
    expect(choice("32").checked).toBe(true);
    expect(root.querySelector<HTMLSelectElement>("#attack-twist")!.value).toBe("1");
  });
});

describe("the attack panel in Spanish", () => {
  const SPANISH: Record<string, string> = {
    "Weapon attacks": "Ataques con armas",
    "Hold fire": "No disparar",
    "Torso twist": "Giro de torso",
    medium: "medio",
    "%(band)s at %(hexes)s hexes": "%(band)s a %(hexes)s hexágonos",
    "%(weapon)s · %(damage)s dmg, %(heat)s heat, %(ranges)s · %(note)s": "%(weapon)s · %(damage)s de daño, %(heat)s de calor, %(ranges)s · %(note)s",
    "Kick, right leg": "Patada, pierna derecha",
    " (underwater %(ranges)s)": " (bajo el agua %(ranges)s)",
  };

  beforeEach(() => {
    speak(SPANISH);
    return forgetCatalog;
  });

  it("speaks the page's language", () => {
    document.body.innerHTML = `<section id="attack"></section>`;
    const root = document.querySelector<HTMLElement>("#attack")!;
    const panel = new AttackPanel(root, { send: () => true });
    panel.start({ phase: "weapons", turn: 1, unit: A, mech, enemies: [B], submitted: null, v: 7 });

    expect(root.querySelector("#attack-title")!.textContent).toBe("Ataques con armas");
    expect(root.querySelector("[data-attack=hold]")!.textContent).toBe("No disparar");
    expect(root.querySelector(".weapons-only")!.textContent).toContain("Giro de torso");
    expect(root.querySelector("[data-choice='32']")!.closest("li")!.textContent).toBe(
      " Large Laser [RA] · 5 de daño, 3 de calor, 5/10/15 (bajo el agua 3/6/9) · medio a 7 hexágonos",
    );
    panel.start({ phase: "physical", turn: 1, unit: A, mech, enemies: [B], submitted: null, v: 7 });
    expect(root.querySelector("[data-choice='kick:RL']")!.closest("li")!.textContent).toBe(" Patada, pierna derecha");
  });
});

describe("the attack panel before anything is declared (issue 16)", () => {
  let root: HTMLElement;
  let asked: [string, string, number, number][];
  let answers: ((options: AttackOptions) => void)[];
  let panel: AttackPanel;
  const row = (value: string) => root.querySelector<HTMLInputElement>(`[data-choice="${value}"]`)!;
  const options = (twist: number, list: AttackOption[]): AttackOptions => ({ unit: "A", target: "B", twist, options: list });
  const outOfArc = (choice: string): AttackOption => ({
    choice, legal: false, error: { code: "attack.out_of_arc", message: "the target is in the right arc", params: { weapon: choice } },
  });

  beforeEach(() => {
    document.body.innerHTML = `<section id="attack"></section>`;
    root = document.querySelector("#attack")!;
    asked = [];
    answers = [];
    panel = new AttackPanel(root, {
      send: () => true,
      options: (unit, target, twist, turn) => {
        asked.push([unit, target, twist, turn]);
        return new Promise((resolve) => answers.push(resolve));
      },
    });
    panel.start({ phase: "weapons", turn: 2, unit: A, mech, enemies: [B], submitted: null, v: 7 });
  });

  it("greys out a weapon that cannot bear, with the rule, and shows the others' target numbers", async () => {
    expect(asked).toEqual([["A", "B", 0, 2]]);
    answers[0](options(0, [outOfArc("32"), { choice: "26", legal: true, to_hit: { target: 8, modifiers: [] } }]));
    await Promise.resolve();
    expect(row("32").disabled).toBe(true);
    expect(row("32").closest("li")!.textContent).toContain("the target is in the right arc");
    expect(row("32").closest("li")!.dataset.unusable).toBe("true");
    expect(row("26").disabled).toBe(false);
    expect(row("26").closest("li")!.textContent).toContain("long at 7 hexes, needs 8+");
  });

  it("warns of a shot that needs 13 or more, before and after it is chosen", async () => {
    answers[0](options(0, [{ choice: "26", legal: true, to_hit: { target: 14, modifiers: [] } }]));
    await Promise.resolve();
    expect(row("26").closest("li")!.textContent).toContain("needs 14+ ⚠ needs 14+: 2D6 never rolls that, it cannot hit");
    expect(describeToHit(check(13).attacks[0])).toContain("⚠ needs 13+: 2D6 never rolls that, it cannot hit");
  });

  it("asks again when the torso twists, and drops an answer for the twist it left", async () => {
    const twist = root.querySelector<HTMLSelectElement>("#attack-twist")!;
    twist.value = "-1";
    twist.dispatchEvent(new Event("change", { bubbles: true }));
    expect(asked.at(-1)).toEqual(["A", "B", -1, 2]);
    answers[0](options(0, [outOfArc("32")]));
    await Promise.resolve();
    expect(row("32").disabled).toBe(false);
    answers[1](options(-1, [{ choice: "32", legal: true, to_hit: { target: 7, modifiers: [] } }]));
    await Promise.resolve();
    expect(row("32").closest("li")!.textContent).toContain("needs 7+");
  });

  it("names the weapon a refusal is about", () => {
    row("26").checked = true;
    row("26").dispatchEvent(new Event("change", { bubbles: true }));
    const refused = { code: "attack.out_of_range", message: "Medium Laser [LA]: 9 hexes is beyond the long range of 9",
      at: "Medium Laser [LA]", params: { weapon: "26" } };
    panel.handleError(refused.code, errorText(refused));
    expect(root.querySelector("#attack-message")!.textContent).toBe("Medium Laser [LA]: 9 hexes is beyond the long range of 9");
  });

  it("greys out physical attacks the rules do not allow now, with why", async () => {
    panel.start({ phase: "physical", turn: 2, unit: A, mech, enemies: [B], submitted: null, v: 8 });
    answers.at(-1)!(options(0, [
      { choice: "punch:RA", legal: true, to_hit: { target: 6, modifiers: [] } },
      { choice: "dfa:", legal: false, error: { code: "attack.physical_not_allowed", message: "a death from above needs a jump" } },
    ]));
    await Promise.resolve();
    expect(row("punch:RA").closest("li")!.textContent).toBe(" Punch, right arm · needs 6+");
    expect(row("dfa:").disabled).toBe(true);
    expect(row("dfa:").closest("li")!.textContent).toContain("a death from above needs a jump");
  });
});
