import { describe, expect, it } from "vitest";
import type { ServerFrame, Snapshot } from "../protocol";
import { MatchSocket, type SocketLike, judgeFrame, retryDelay } from "../socket";

const snapshot = (v: number) => ({ type: "snapshot", v }) as Snapshot;
const submitted = (v: number): ServerFrame => ({ type: "submitted", v, side: "bob", player: "bob", turn: 1, phase: "movement" });
const error = (v: number): ServerFrame => ({ type: "error", v, code: "order.spectator", message: "no" });

describe("judging frames by version", () => {
  it("always applies a snapshot", () => {
    expect(judgeFrame(null, snapshot(5))).toBe("apply");
    expect(judgeFrame(9, snapshot(5))).toBe("apply");
  });

  it("applies the next event, drops one already seen, and spots a gap", () => {
    expect(judgeFrame(4, submitted(5))).toBe("apply");
    expect(judgeFrame(4, submitted(4))).toBe("stale");
    expect(judgeFrame(4, submitted(7))).toBe("gap");
  });

  it("applies replies whatever their version: they may overtake the events they caused", () => {
    expect(judgeFrame(4, error(4))).toBe("apply");
    expect(judgeFrame(4, error(6))).toBe("apply");
    expect(judgeFrame(null, error(1))).toBe("apply");
  });

  it("applies the answers to reach and los, which carry the current version without bumping it", () => {
    const reach: ServerFrame = { type: "reach", v: 4, unit: "A", mode: "walk", hexes: { "0815": 1 } };
    expect(judgeFrame(4, reach)).toBe("apply");
    expect(judgeFrame(4, { type: "los", v: 4, from: "A", to: "B", los: true, modifier: 0, modifiers: [],
      partial_cover: false, hexes: [], reasons: [] })).toBe("apply");
  });

  it("ignores everything before the first snapshot", () => {
    expect(judgeFrame(null, submitted(1))).toBe("stale");
  });
});

class FakeSocket implements SocketLike {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  sent: unknown[] = [];
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.onclose?.({} as CloseEvent);
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent);
  }
}

function connected() {
  const sockets: FakeSocket[] = [];
  const frames: ServerFrame[] = [];
  const retries: (() => void)[] = [];
  const client = new MatchSocket(
    "ws://test/ws/matches/1/",
    { frame: (f) => frames.push(f), connection: () => {} },
    (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    (fn) => retries.push(fn),
  );
  client.connect();
  return { client, sockets, frames, retries };
}

describe("the match socket", () => {
  it("asks once for a resync after a gap and drops frames until the snapshot", () => {
    const { sockets, frames, client } = connected();
    const socket = sockets[0];
    socket.receive(snapshot(3));
    socket.receive(submitted(5));
    socket.receive(submitted(6));
    expect(socket.sent).toEqual([{ type: "resync" }]);
    socket.receive(snapshot(6));
    expect(frames.map((f) => f.type)).toEqual(["snapshot", "snapshot"]);
    expect(client.version).toBe(6);
  });

  it("reconnects with the last version it saw", () => {
    const { sockets, retries } = connected();
    sockets[0].receive(snapshot(2));
    sockets[0].receive(submitted(3));
    sockets[0].onclose?.({} as CloseEvent);
    expect(retries).toHaveLength(1);
    retries[0]();
    expect(sockets[1].url).toBe("ws://test/ws/matches/1/?v=3");
  });

  it("does not reconnect after being closed on purpose", () => {
    const { client, retries } = connected();
    client.close();
    expect(retries).toHaveLength(0);
  });

  it("does not count a reply that overtook its events as a gap", () => {
    const { sockets, frames, client } = connected();
    sockets[0].receive(snapshot(2));
    sockets[0].receive({ type: "order_accepted", v: 4, order: { unit: "B", mode: "walk", steps: [] }, path: {} });
    sockets[0].receive(submitted(3));
    expect(sockets[0].sent).toEqual([]);
    expect(frames.map((f) => f.type)).toEqual(["snapshot", "order_accepted", "submitted"]);
    expect(client.version).toBe(3);
  });

  it("asks for a snapshot when the events a reply is ahead by never come", () => {
    const { sockets, retries } = connected();
    sockets[0].receive(snapshot(2));
    sockets[0].receive(error(4)); // the position moved on: v 3 and 4 are on their way
    sockets[0].receive(submitted(3));
    expect(retries).toHaveLength(1);
    retries[0]();
    expect(sockets[0].sent).toEqual([{ type: "resync" }]); // v 4 never came
  });

  it("asks for nothing when the events a reply is ahead by arrive in time", () => {
    const { sockets, retries } = connected();
    sockets[0].receive(snapshot(2));
    sockets[0].receive(error(3));
    sockets[0].receive(submitted(3));
    retries[0]();
    expect(sockets[0].sent).toEqual([]);
  });

  it("reconnects from a snapshot once told to forget its version", () => {
    const { client, sockets, retries } = connected();
    sockets[0].receive(snapshot(2));
    client.forgetVersion();
    sockets[0].onclose?.({} as CloseEvent);
    retries[0]();
    expect(sockets[1].url).toBe("ws://test/ws/matches/1/");
  });

  it("passes error frames on without changing the version", () => {
    const { sockets, frames, client } = connected();
    sockets[0].receive(snapshot(2));
    sockets[0].receive(error(2));
    expect(frames.at(-1)).toMatchObject({ type: "error", code: "order.spectator" });
    expect(client.version).toBe(2);
  });
});

describe("reconnect backoff", () => {
  it("spreads each step from half to one and a half times it, so dropped clients do not return together", () => {
    expect([0, 1, 2, 3, 9].map((n) => retryDelay(n, () => 0))).toEqual([250, 500, 1000, 2500, 2500]);
    expect([0, 1, 2, 3].map((n) => retryDelay(n, () => 0.5))).toEqual([500, 1000, 2000, 5000]);
    expect(retryDelay(0, () => 0.999)).toBe(750);
  });

  it("waits as its injected random says, growing with each failed attempt and back to the start once open", () => {
    const delays: number[] = [];
    const sockets: FakeSocket[] = [];
    const draws = [0.1, 0.9, 0.2, 0.6];
    const client = new MatchSocket(
      "ws://test/ws/matches/1/",
      { frame: () => {}, connection: () => {} },
      (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      (fn, ms) => {
        delays.push(ms);
        fn();
      },
      () => draws.shift() ?? 0,
    );
    client.connect();
    sockets[0].close();
    sockets[1].close();
    sockets[2].onopen?.({} as Event);
    sockets[2].close();
    expect(delays).toEqual([300, 1400, 350]);
  });
});
