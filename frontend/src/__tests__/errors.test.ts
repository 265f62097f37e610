// Every refusal of the server's error catalogue said in Spanish, every parameter filled (issue 14, "Errors as
// a catalogue"); the Python side checks the same entries exist (tests/vectors/test_error_catalogue.py).
import { afterEach, describe, expect, it } from "vitest";
import po from "../../../locale/es/LC_MESSAGES/djangojs.po?raw";
import catalogue from "../error-catalogue.json";
import { errorText } from "../errors";
import { forgetCatalog, poEntries, speak } from "./gettext";

afterEach(forgetCatalog);

describe("the error catalogue", () => {
  const spanishCatalog = poEntries(po);

  it("says every code in Spanish with every parameter filled", () => {
    speak(Object.fromEntries(spanishCatalog));
    const templates: Record<string, string> = catalogue.templates;
    expect(Object.keys(templates).length).toBeGreaterThan(80);
    for (const [code, template] of Object.entries(templates)) {
      const names = [...template.matchAll(/%\((\w+)\)[sr]/g)].map((m) => m[1]);
      const params = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
      const spanish = errorText({ code, message: "(english)", params });
      expect(spanish, code).not.toContain("%(");
      for (const name of names) expect(spanish, code).toContain(`<${name}>`);
      expect(spanishCatalog.has(template), code).toBe(true);
    }
  });

  it("says a refusal whose cause is another coded refusal (a bad jump hex in an order) in Spanish", () => {
    speak(Object.fromEntries(spanishCatalog));
    const error = { code: "order.malformed", message: "(english)",
                    params: { why: { code: "board.invalid_hex", params: { label: "99x" } } } };
    expect(errorText(error)).toBe("'99x' no es una etiqueta de hexágono (CCFF, columnas y filas contadas desde 01)");
  });
});
