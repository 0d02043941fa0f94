// The id of a resource in a resource API answer. proto3 JSON types every field as optional; the
// emulator always sends a resource's id, and "" stands in where a screen needs a string regardless.

import type { DetailsJson } from "../../../emulator/src/gen/svc/resources/object/v3alpha/object_pb.js";

export const idOf = (resource: { details?: DetailsJson }): string => resource.details?.id ?? "";
