// The match websocket: tracks the match version, asks for a snapshot (`resync`) only after a version gap,
// and reconnects with `?v=N` after a drop (see docs/protocol.md).

import type { AttackFrame, ClientFrame, CrowdFrame, ServerFrame } from "./protocol";

/** Frames that change nothing: answers to one socket, the crowd count and chat (its `v` is not bumped).
 * Every other frame but a snapshot is a logged event. */
const REPLY_FRAMES = new Set([
  "plotted", "order_accepted", "order_withdrawn", "reaction_accepted", "rematch_opened", "reach", "los", "los_side_set", "error", "crowd",
  "chat", "chat_sent",
]);
export const isEvent = (frame: ServerFrame): frame is Exclude<ServerFrame, CrowdFrame> =>
  frame.type !== "snapshot" && !REPLY_FRAMES.has(frame.type);

export type Verdict = "apply" | "stale" | "gap";

/**
 * What to do with a frame given the last version seen (null before the first snapshot).
 * Event frames (each bumped the version by one) must come in order, and one already seen
 * is a duplicate. Replies are always applied and never judged by version: the reply to the
 * order that resolves a phase carries the new version and may overtake the broadcast events.
 */
export function judgeFrame(lastVersion: number | null, frame: ServerFrame): Verdict {
  if (frame.type === "snapshot" || !isEvent(frame)) return "apply";
  if (lastVersion === null) return "stale";
  if (frame.v <= lastVersion) return "stale";
  return frame.v === lastVersion + 1 ? "apply" : "gap";
}

export interface SocketLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  send(data: string): void;
  close(): void;
}

export interface SocketHandlers {
  frame(frame: ServerFrame): void;
  connection(state: "connecting" | "open" | "closed"): void;
}

const RETRY_MS = [500, 1000, 2000, 5000];

/**
 * How long to wait before reconnect attempt `retries` (0 first): the backoff step, spread from half to one
 * and a half times it by `random` (in [0, 1)), so the clients a restart dropped all at once do not all come
 * back in the same instant.
 */
export function retryDelay(retries: number, random: () => number = Math.random): number {
  const step = RETRY_MS[Math.min(retries, RETRY_MS.length - 1)];
  return Math.round(step * (0.5 + random()));
}
/**
 * How long a reply may be ahead of the events seen before the events it follows count as lost: the
 * broadcast of a commit reaches the socket milliseconds after the reply to the command that made it.
 */
export const GAP_MS = 2000;

export class MatchSocket {
  version: number | null = null;
  private socket: SocketLike | null = null;
  private retries = 0;
  private stopped = false;
  private resyncing = false;

  constructor(
    private readonly baseUrl: string,
    private readonly handlers: SocketHandlers,
    private readonly open: (url: string) => SocketLike = (url) => new WebSocket(url),
    private readonly later: (fn: () => void, ms: number) => void = (fn, ms) => {
      setTimeout(fn, ms);
    },
    private readonly random: () => number = Math.random,
  ) {}

  connect(): void {
    this.stopped = false;
    const url = this.version === null ? this.baseUrl : `${this.baseUrl}?v=${this.version}`;
    this.handlers.connection("connecting");
    const socket = this.open(url);
    this.socket = socket;
    socket.onopen = () => {
      this.retries = 0;
      this.handlers.connection("open");
    };
    socket.onmessage = (event) => this.receive(String(event.data));
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.resyncing = false;
      this.handlers.connection("closed");
      if (!this.stopped) this.later(() => this.connect(), retryDelay(this.retries++, this.random));
    };
  }

  close(): void {
    this.stopped = true;
    this.socket?.close();
  }

  send(frame: ClientFrame | AttackFrame): boolean {
    if (!this.socket) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  private receive(data: string): void {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(data) as ServerFrame;
    } catch {
      return; // the server only sends JSON; anything else is not ours to show
    }
    const verdict = judgeFrame(this.version, frame);
    if (verdict === "gap") {
      this.requestSnapshot();
      return;
    }
    if (verdict === "stale") return;
    if (frame.type === "snapshot") {
      this.resyncing = false;
      this.version = frame.v;
    } else if (isEvent(frame)) {
      this.version = frame.v;
    } else if ("v" in frame && typeof frame.v === "number") {
      this.expect(frame.v);
    }
    this.handlers.frame(frame);
  }

  /**
   * A reply says the match is at version `v`: the events up to it are on their way. Should they not come
   * (a lost broadcast and nothing after it to show the gap), the gap is the reply's to show.
   */
  private expect(v: number): void {
    if (this.version === null || v <= this.version) return;
    const socket = this.socket;
    this.later(() => {
      if (this.socket === socket && this.version !== null && this.version < v) this.requestSnapshot();
    }, GAP_MS);
  }

  /** Reconnect without `?v=`: the next connection starts from a snapshot (an order was in flight). */
  forgetVersion(): void {
    this.version = null;
  }

  /**
   * A snapshot, after a gap or for a frame that cannot be applied without one. One resync at a time: every
   * frame after a gap is dropped until the snapshot arrives.
   */
  requestSnapshot(): void {
    if (this.resyncing) return;
    this.resyncing = true;
    this.send({ type: "resync" });
  }
}
