// renderer/src/screens/events/event-log.ts: merging pages of a running emulator's event log and the
// events a stream repeats: newest first, each position once, the oldest dropped beyond RING.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { EventPage, StoredEvent } from "../../emulator/src/control/schemas.js";
import { merge, RING } from "../../renderer/src/screens/events/event-log.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { controlApi } from "../helpers/control-client.js";

const emu = await startTestEmulator();
const ctl = controlApi(emu);
const page = async (after?: number): Promise<EventPage> => (await ctl.events({ query: { limit: 10, after } })).body;
const positions = (events: StoredEvent[]) => events.map((e) => e.position);

describe("merge", () => {
  it("puts the pages of the log together newest first, each event once, whatever repeats", async () => {
    const first = await page();
    const second = await page(first.nextAfter!);
    assert.equal(first.events.length, 10);
    assert.ok(second.events.length > 0);
    const kept = merge(merge([], first.events), second.events);
    const all = [...first.events, ...second.events];
    assert.deepEqual(
      positions(kept),
      positions(all).sort((a, b) => b - a),
    );
    assert.deepEqual(merge(kept, second.events), kept, "a page the stream repeats adds nothing");
    assert.deepEqual(merge(kept, [...first.events].reverse()), kept, "in any order");
    assert.deepEqual(kept[0], second.events.at(-1), "the events themselves, unchanged");
  });

  it("keeps the incoming copy of an event both hold, and handles empty sides", async () => {
    const { events } = await page();
    const changed = { ...events[0]!, type: "changed.copy" };
    assert.equal(merge(events, [changed]).find((e) => e.position === changed.position)!.type, "changed.copy");
    assert.deepEqual(merge([], []), []);
    assert.deepEqual(
      positions(merge(events, [])),
      positions(events).sort((a, b) => b - a),
    );
  });

  it("keeps the newest RING events", async () => {
    const model = (await page()).events[0]!;
    const many = Array.from({ length: RING + 500 }, (_, i) => ({ ...model, position: i + 1 }));
    const kept = merge(many.slice(0, 3000), many.slice(3000));
    assert.equal(kept.length, RING);
    assert.deepEqual([kept[0]!.position, kept.at(-1)!.position], [RING + 500, 501]);
  });
});
