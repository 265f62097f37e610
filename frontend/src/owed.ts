// Whether the viewer owes the match something now, an order or a reaction: what the tab title's your-turn cue
// says. The page's model says it, but the reply to a submitted order (`order_accepted`) and the events the order
// caused (`submitted`, and the `playback` when the phase waited for it last) come by two paths, the socket's
// reply and the match's broadcast, in either order. So an accepted order counts as given only until the model
// reaches the reply's version: from there the model knows (the order is among `my_orders`, or was taken back,
// or the phase resolved and the next one may ask for a new order at once).

import { panelsToOpen, submittedFor } from "./panels";
import type { Snapshot } from "./protocol";
import { owedReactions } from "./reaction-panel";

export class OwedTurn {
  /** Units whose order the server accepted, by the version it accepted it at. */
  private readonly accepted = new Map<string, number>();

  /** The server accepted `unit`'s order at match version `version` (the reply's `v`). */
  accept(unit: string, version: number): void {
    this.accepted.set(unit, version);
  }

  /** Whether the viewer owes an order or a reaction in `model`. */
  owes(model: Snapshot | null): boolean {
    if (!model) return false;
    for (const [unit, version] of this.accepted) if (version <= model.v) this.accepted.delete(unit);
    const orders = panelsToOpen(model).some(
      ({ unit }) => !this.accepted.has(unit.id) && submittedFor(model, unit.id) === null,
    );
    return orders || owedReactions(model.reaction).length > 0;
  }
}
