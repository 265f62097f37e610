// What the movement plotter keeps across a reload, in the browser's localStorage: the plot not yet
// submitted (so a reload does not lose it), and the server's pricing of the order submitted (the snapshot
// gives the order back, not its step costs). Storage that is full or turned off only loses the memory.

import type { Order, Path } from "../../protocol";

export type PlotStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** A plot and where its unit stood when it was made: its steps mean the same path only from there. */
export interface KeptPlot {
  order: Order;
  turn: number;
  hex: string;
  facing: number;
}

/** The same order: one unit, mode and steps (or landing hex and facing). */
export function orderKey(order: Order): string {
  const what = order.mode === "jump" ? `${order.to}/${order.facing}` : order.steps.join(",");
  return `${order.unit}:${order.mode}:${what}`;
}

export class PlotMemory {
  private readonly plotKey: string;
  private readonly pricedKey: string;

  constructor(
    matchId: string,
    private readonly storage: PlotStorage | null,
  ) {
    this.plotKey = `arbitro:match:${matchId}:plot`;
    this.pricedKey = `arbitro:match:${matchId}:priced`;
  }

  /** Keep the plot being made (null: nothing plotted any more). */
  keepPlot(plot: KeptPlot | null): void {
    if (plot) this.write(this.plotKey, plot);
    else this.forget(this.plotKey);
  }

  plot(): KeptPlot | null {
    return this.read<KeptPlot>(this.plotKey);
  }

  /** The submitted order of `turn` and the server's pricing of it; the unsubmitted plot is done with. */
  keepPriced(turn: number, order: Order, path: Path): void {
    this.forget(this.plotKey);
    this.write(this.pricedKey, { turn, key: orderKey(order), path });
  }

  /** The pricing kept for this very order of `turn`, or null. */
  priced(turn: number, order: Order): Path | null {
    const kept = this.read<{ turn: number; key: string; path: Path }>(this.pricedKey);
    return kept && kept.turn === turn && kept.key === orderKey(order) ? kept.path : null;
  }

  private read<T>(key: string): T | null {
    try {
      const text = this.storage?.getItem(key);
      return text ? (JSON.parse(text) as T) : null;
    } catch {
      return null; // unreadable or unavailable: as if nothing was kept
    }
  }

  private write(key: string, value: unknown): void {
    try {
      this.storage?.setItem(key, JSON.stringify(value));
    } catch {
      // Full or turned off: the plot is simply not kept.
    }
  }

  private forget(key: string): void {
    try {
      this.storage?.removeItem(key);
    } catch {
      // Nothing to do: it could not have been kept either.
    }
  }
}
