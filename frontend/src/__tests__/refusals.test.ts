// Attack and movement refusals as the rules send them (bodies copied from RuleError.to_json), said in English
// and in Spanish from their codes: the place (`at`) and the cause (`params.why`) are coded reasons too, so the
// whole sentence is translated, not only its head (issue 14, "Errors as a catalogue").
import { afterEach, describe, expect, it } from "vitest";
import po from "../../../locale/es/LC_MESSAGES/djangojs.po?raw";
import { errorText, type CodedError } from "../errors";
import { forgetCatalog, poEntries, speak } from "./gettext";

afterEach(forgetCatalog);

const OUT_OF_ARC: CodedError = {
  code: "attack.out_of_arc",
  message: "Medium Laser [LA]: the target is in the rear arc, which Medium Laser [LA] does not cover",
  params: { why: { code: "tohit.out_of_arc", params: { arc: "rear", weapon: "Medium Laser [LA]" } }, weapon: "Medium Laser" },
  at: "Medium Laser [LA]",
};
const CHARGE: CodedError = {
  code: "attack.physical_not_allowed",
  message: "charge: a charge needs the attacker to have walked or run at least one hex (Solaris VII)",
  params: { why: { code: "physical.charge_needs_move", params: {} }, kind: "charge" },
  at: { code: "combat.at_attack", params: { attack: "charge" } },
};
const WOODS: CodedError = {
  code: "move.prohibited_terrain",
  message: "step 1 (F): A (wheeled) may not enter 0504: wheeled vehicles may not enter woods (standard BattleTech)",
  params: {
    why: { code: "move.may_not_enter", params: { unit: "A", kind: "wheeled", hex: "0504",
      why: { code: "move.vehicle_woods", params: { kind: "wheeled" } } } },
    hex: "0504", step: 1,
  },
  at: { code: "move.at_step", params: { step: 1, name: "F" } },
};

describe("a coded refusal", () => {
  it("reads in English exactly as the rules' message", () => {
    for (const error of [OUT_OF_ARC, CHARGE, WOODS]) expect(errorText(error)).toBe(error.message);
  });

  it("reads in Spanish from its codes, place and cause included", () => {
    speak(Object.fromEntries(poEntries(po)));
    expect(errorText(OUT_OF_ARC)).toBe("Medium Laser [LA]: el objetivo está en la zona trasera, que Medium Laser [LA] no cubre");
    expect(errorText(CHARGE)).toMatch(/^carga: una carga exige que el atacante haya andado o corrido/);
    expect(errorText(WOODS)).toMatch(/^paso 1 \(F\): A \(.+\) no puede entrar en 0504: los vehículos \(.+\) no pueden entrar en bosque/);
  });
});
