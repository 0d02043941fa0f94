// Where a setting's value comes from, in words: the resolved value names an owner only when it is
// inherited (SvcLanguageSettings: "when inherited, the owner it is inherited from").

import type { OwnerJson } from "../../../../emulator/src/gen/svc/object/v3alpha/object_pb.js";

export function provenance(owner: OwnerJson | undefined): string {
  if (!owner) return "set here";
  if (owner.type === "OWNER_TYPE_SYSTEM") return "inherited from system default";
  if (owner.type === "OWNER_TYPE_INSTANCE") return "inherited from instance";
  return `inherited from org ${owner.id ?? ""}`;
}
