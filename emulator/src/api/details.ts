// Details of resources (spec "Details (resources)") and ListDetails of searches, taken from events
// and projections.

import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { Core } from "../domain/core.js";
import { OwnerType } from "../gen/svc/object/v3alpha/object_pb.js";
import type { DetailsSchema, ListDetailsSchema, ListQuery } from "../gen/svc/resources/object/v3alpha/object_pb.js";
import { invalidArgument } from "../kernel/errors.js";

type Details = MessageInitShape<typeof DetailsSchema>;

export const timestamp = (iso: string) => timestampFromDate(new Date(iso));

/** Details of an instance-owned resource, from its last event or its projected row. */
export function instanceResourceDetails(id: string, instanceId: string, sequence: number, changedAt: string): Details {
  return { id, sequence: BigInt(sequence), changeDate: timestamp(changedAt), resourceOwner: { type: OwnerType.INSTANCE, id: instanceId } };
}

/** Details of an org-owned resource. */
export function orgResourceDetails(id: string, orgId: string, sequence: number, changedAt: string): Details {
  return { id, sequence: BigInt(sequence), changeDate: timestamp(changedAt), resourceOwner: { type: OwnerType.ORG, id: orgId } };
}

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

export interface Page {
  offset: number;
  limit: number;
  asc: boolean;
}

/**
 * The effective page of a ListQuery: limit 0 means the default; above the maximum is an error. An
 * offset beyond any count of rows (the field is a uint64) is past the end: an empty page. It is
 * capped where a JavaScript number and SQLite's OFFSET still hold it exactly.
 */
export function pageOf(query: ListQuery | undefined): Page {
  const requested = query?.limit ?? 0;
  if (requested > MAX_LIMIT) throw invalidArgument("QUERY-4M0fs", `Limit exceeded: given ${requested}, allowed ${MAX_LIMIT}`);
  const offset = query?.offset ?? 0n;
  return { offset: offset > MAX_SAFE_OFFSET ? Number(MAX_SAFE_OFFSET) : Number(offset), limit: requested || DEFAULT_LIMIT, asc: query?.asc ?? false };
}

const MAX_SAFE_OFFSET = BigInt(Number.MAX_SAFE_INTEGER);

export function listDetails(core: Core, instanceId: string, page: Page, total: number, returned: number): MessageInitShape<typeof ListDetailsSchema> {
  const latest = core.events.latest(instanceId);
  return {
    appliedLimit: page.limit,
    endOfList: page.offset + returned >= total,
    totalResult: BigInt(total),
    processedSequence: BigInt(latest?.position ?? 0),
    timestamp: latest ? timestamp(latest.createdAt) : undefined,
  };
}
