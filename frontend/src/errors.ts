// Refusals in the player's language. An error (an `error` frame, a REST error body) carries its stable
// code, the parameters that fill the code's template and, when it happened somewhere in particular, `at`
// (docs/protocol.md, "Error codes"). The English templates come from the server's catalogue
// (error-catalogue.json, generated from the codes the rules and the server register) and go through `t()`
// like every other text; a code this client does not know shows the server's English message.

import catalogue from "./error-catalogue.json";
import { render, type ReasonCode, type ReasonParam } from "./reasons";

export interface CodedError {
  code: string;
  message: string;
  params?: Record<string, ReasonParam>;
  at?: string | ReasonCode;
}

const TEMPLATES: Record<string, string> = catalogue.templates;

/** The error in the page's language, or the server's English when this client cannot say it all. */
export function errorText(error: CodedError): string {
  const params = error.params ?? {};
  const template = TEMPLATES[error.code] ?? "";
  if ([...template.matchAll(/%\((\w+)\)[sr]/g)].some(([, name]) => !(name in params))) return error.message;
  const said = render({ code: error.code, params: withCausesSaid(params) }, TEMPLATES);
  const at = typeof error.at === "object" ? render(error.at) : (error.at ?? "");
  if (said === null || at === null) return error.message;
  return at ? `${at}: ${said}` : said;
}

/** The parameters with each coded error among them (the refusal another was caused by, as `why`) said from this
 * catalogue; a reason is left for `render`, and a cause this client cannot say stays coded (then English). */
function withCausesSaid(params: Record<string, ReasonParam>): Record<string, ReasonParam> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => {
    const cause = typeof value === "object" && !Array.isArray(value) && value.code !== null
      && value.code in TEMPLATES && render(value) === null;
    return [name, cause ? render(value, TEMPLATES) ?? value : value];
  }));
}
