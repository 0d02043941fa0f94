// What the fault tests (issue 29) share: defining a fault through the control API (201 asserted),
// reading its hits, and the error a client's call failed with.

import assert from "node:assert/strict";
import type { Fault } from "../../emulator/src/control/schemas.js";
import type { controlApi } from "./control-client.js";

export type DefinedFault = Fault;

/** `add` defines a fault (asserting 201) and answers it as stored; `hits` reads how many requests it answered. */
export function faultControl(control: ReturnType<typeof controlApi>) {
  return {
    add: async (json: unknown): Promise<DefinedFault> => {
      const r = await control.addFault({ body: json });
      assert.equal(r.status, 201, r.text);
      return r.body.fault;
    },
    hits: async (id: string): Promise<number> => (await control.fault({ params: { id } })).body.hits,
  };
}

/** The error `p` rejects with; fails the test when it resolves. */
export async function refusal<E = Error>(p: Promise<unknown>): Promise<E> {
  try {
    await p;
  } catch (e) {
    return e as E;
  }
  return assert.fail("the call succeeded");
}
