// Each ruleset's order panels for the browser, by the ruleset's name (the snapshot's `match.ruleset`). A
// ruleset not listed shows no order panel; the core's own (reactions, take back, the log) work for every one.

import type { PanelPage, RulesetPanels } from "../panels";
import { mekatacPanels } from "./mekatac/panels";
import { skirmishPanels } from "./skirmish/panels";
import { solarisPanels } from "./solaris/panels";

const RULESET_PANELS: Record<string, (page: PanelPage) => RulesetPanels> = {
  solaris: solarisPanels,
  skirmish: skirmishPanels,
  mekatac: mekatacPanels,
};

export function rulesetPanels(ruleset: string, page: PanelPage): RulesetPanels {
  return RULESET_PANELS[ruleset]?.(page) ?? { panels: {} };
}
