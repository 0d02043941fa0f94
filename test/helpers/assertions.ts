// Assertions shared by the wire tests.

import assert from "node:assert/strict";
import type { Outcome } from "./transports.js";

export const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3,9})?Z$/;

/** The call succeeded; returns its body. */
export function ok(o: Outcome, httpStatus?: number): Record<string, unknown> {
  if (!o.ok) assert.fail(`expected success, got code ${o.code}: ${o.message}`);
  if (httpStatus !== undefined && o.httpStatus !== undefined) assert.equal(o.httpStatus, httpStatus, "HTTP status");
  return o.body;
}

/** The call failed with `code` (and, over REST, the code's HTTP status) and a message matching `message`. */
export function fails(o: Outcome, code: number, httpStatus: number, message: RegExp, detailId?: string): void {
  if (o.ok) assert.fail(`expected code ${code}, got success: ${JSON.stringify(o.body)}`);
  assert.equal(o.code, code, `code (message: ${o.message})`);
  assert.match(o.message, message);
  if (o.httpStatus !== undefined) assert.equal(o.httpStatus, httpStatus, "HTTP status");
  if (detailId !== undefined) {
    assert.equal(o.detailId, detailId, "ErrorDetail id");
    assert.ok(o.message.endsWith(`(${detailId})`), "message ends with the detail id");
  }
}

/** Resource details of an instance-owned resource. */
export function assertDetails(details: unknown, instanceId: string, expected: { id?: string | RegExp; sequence: string }): void {
  const d = details as Record<string, unknown>;
  assert.deepEqual(Object.keys(d).sort(), ["changeDate", "id", "resourceOwner", "sequence"]);
  if (expected.id instanceof RegExp || expected.id === undefined) assert.match(String(d.id), expected.id ?? /^\d{18}$/);
  else assert.equal(d.id, expected.id);
  assert.equal(d.sequence, expected.sequence);
  assert.match(String(d.changeDate), ISO_TIME);
  assert.deepEqual(d.resourceOwner, { type: "OWNER_TYPE_INSTANCE", id: instanceId });
}
