import { afterEach, describe, expect, it } from "vitest";
import po from "../../../locale/es/LC_MESSAGES/djangojs.po?raw";
import { describeToHit } from "../rulesets/solaris/attack";
import { combatRulings, resultText } from "../combat-report";
import type { ReasonCode } from "../reasons";
import { reasonText, reasonsText } from "../reasons";
import catalogue from "../reason-catalogue.json";
import { describeRoll, rulings } from "../rulings";
import { forgetCatalog, poEntries, speak } from "./gettext";

// A split line of sight as rules/los.py sends it: words (sides, woods), labels, numbers and clauses.
const english =
  "The line runs exactly between hexes (0202|0302), left and right as seen from the attacker: through the left side " +
  "there is LOS at +1; through the right side there is no LOS. The target's controller chose the left side: left " +
  "('Si la LdV pasa exactamente entre dos hexágonos').";
const split: ReasonCode = {
  code: "los.split",
  params: {
    pairs: "0202|0302",
    left: { code: "los.outcome_clear", params: { modifier: "+1" } },
    right: { code: "los.outcome_blocked", params: {} },
    why: { code: "los.split_chosen", params: { side: "left" } },
    side: "left",
  },
};
const woods: ReasonCode = { code: "los.mod_woods", params: { woods: "light woods", hex: "0201" } };

// A fake Spanish catalog with just what these tests need.
const spanish: Record<string, string> = {
  "The line runs exactly between hexes (%(pairs)s), left and right as seen from the attacker: through the left side %(left)s; through the right side %(right)s. %(why)s: %(side)s ('Si la LdV pasa exactamente entre dos hexágonos').":
    "La línea pasa justo entre hexágonos (%(pairs)s), izquierda y derecha vistas desde el atacante: por el lado izquierdo %(left)s; por el lado derecho %(right)s. %(why)s: %(side)s ('Si la LdV pasa exactamente entre dos hexágonos').",
  "there is LOS at %(modifier)s": "hay LdV con %(modifier)s",
  "there is no LOS": "no hay LdV",
  "The target's controller chose the %(side)s side": "El controlador del objetivo eligió el lado %(side)s",
  left: "izquierdo",
  "%(woods)s in %(hex)s": "%(woods)s en %(hex)s",
  "light woods": "bosque ligero",
  Weapons: "Armas",
  "hex held": "hexágono ocupado",
  "the crossing is ignored: both reach their targets": "se ignora el cruce: ambos llegan a su destino",
  "initiative %(unit)s": "iniciativa %(unit)s",
  "%(reason)s: %(dice)s = %(total)s (needs %(target)s)": "%(reason)s: %(dice)s = %(total)s (necesita %(target)s)",
  "%(player)s wins": "gana %(player)s",
  "the other side is out of the fight (%(beaten)s)": "el otro bando está fuera de combate (%(beaten)s)",
  "%(unit)s: %(why)s": "%(unit)s: %(why)s",
  "surrendered": "se rindió",
  "Match over after turn %(turn)s: %(outcome)s (%(reason)s). Victory points: %(points)s.":
    "Partida terminada tras el turno %(turn)s: %(outcome)s (%(reason)s). Puntos de victoria: %(points)s.",
};

const speakSpanish = () => speak(spanish);

afterEach(forgetCatalog);

describe("coded reasons", () => {
  it("render the server's English text from the code without a catalog", () => {
    expect(reasonText("(sent text)", split)).toBe(english);
  });

  it("render in Spanish, clauses and words included, while labels and numbers stay as sent", () => {
    speakSpanish();
    expect(reasonText(english, split)).toBe(
      "La línea pasa justo entre hexágonos (0202|0302), izquierda y derecha vistas desde el atacante: por el lado " +
        "izquierdo hay LdV con +1; por el lado derecho no hay LdV. El controlador del objetivo eligió el lado " +
        "izquierdo: izquierdo ('Si la LdV pasa exactamente entre dos hexágonos').",
    );
  });

  it("fall back to the English text for a code, or a clause's code, this client does not know", () => {
    speakSpanish();
    expect(reasonText("from a newer server", { code: "los.teleport", params: {} })).toBe("from a newer server");
    const unknownClause = { ...split, params: { ...split.params, why: { code: "los.teleport", params: {} } } };
    expect(reasonText(english, unknownClause)).toBe(english);
    expect(reasonText("given by a scenario", { code: null, params: {} })).toBe("given by a scenario");
    expect(reasonsText(["old frame"], undefined)).toEqual(["old frame"]);
  });

  it("are what the rulings, the combat report and the to-hit line show", () => {
    speakSpanish();
    const final = { A: { hex: "0101", facing: 0, reasons: ["light woods in 0201"], reason_codes: [woods] } };
    expect(rulings({ final })).toEqual(["A: bosque ligero en 0201"]);
    const crossing = { code: "conflict.crossing", params: {} };
    const conflicts = [{ case: "held_hex", units: ["A", "B"], resolution: "(sent)", resolution_code: crossing }];
    expect(rulings({ conflicts })).toEqual(["hexágono ocupado (A, B): se ignora el cruce: ambos llegan a su destino"]);
    const report = { phase: "weapons", attacks: [], reasons: ["light woods in 0201"], reason_codes: [woods], rolls: [] };
    expect(combatRulings([report])).toEqual(["Armas: bosque ligero en 0201"]);
    const roll = { dice: [3, 4], total: 7, reason: "initiative A", target: 5,
      reason_code: { code: "initiative.roll", params: { unit: "A" } } };
    expect(describeRoll(roll)).toBe("iniciativa A: 3 + 4 = 7 (necesita 5)");
    const beaten = { code: "victory.beaten", params: { unit: "B", why: { code: "victory.surrendered", params: {} } } };
    const result = {
      winner: "alice", reason: "the other side is out of the fight (B: surrendered)", victory_points: { alice: 3, bob: 0 },
      turn: 2, reason_code: { code: "victory.other_side_out", params: { beaten } },
    };
    expect(resultText(result, [])).toBe(
      "Partida terminada tras el turno 2: gana alice (el otro bando está fuera de combate (B: se rindió)). " +
        "Puntos de victoria: alice 3, bob 0.",
    );
    const planned = {
      unit: "A", target: "B", attack: "Medium Laser",
      to_hit: { target: 5, modifiers: [{ value: 1, reason: "light woods in 0201", reason_code: woods }] },
    };
    expect(describeToHit(planned)).toBe("Medium Laser: 5+ (bosque ligero en 0201 +1)");
  });
});

describe("the whole catalogue", () => {
  // The real Spanish catalog (djangojs.po), read the way /jsi18n/ serves it: msgid → msgstr.
  const spanishCatalog = poEntries(po);

  it("renders every code in Spanish with every parameter filled", () => {
    speak(Object.fromEntries(spanishCatalog));
    for (const [code, template] of Object.entries(catalogue.templates)) {
      const names = [...template.matchAll(/%\((\w+)\)[sr]/g)].map((m) => m[1]);
      const params = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
      const spanish = reasonText("(english)", { code, params });
      expect(spanish, code).not.toContain("%(");
      for (const name of names) expect(spanish, code).toContain(`<${name}>`);
      expect(spanishCatalog.has(template), code).toBe(true);
    }
  });
});
