// Where a setting's value comes from, in words: the resolved value names an owner only when it is
// inherited (SvcLanguageSettings: "when inherited, the owner it is inherited from").

import type { Owner } from "./api";

export function provenance(owner: Owner | undefined): string {
  if (!owner) return "set here";
  if (owner.type === "OWNER_TYPE_SYSTEM") return "inherited from system default";
  if (owner.type === "OWNER_TYPE_INSTANCE") return "inherited from instance";
  return `inherited from org ${owner.id}`;
}
