// TextFilterMethod of the API -> the store's TextMatch.

import { TextFilterMethod } from "../gen/svc/resources/object/v3alpha/object_pb.js";
import type { TextMatch } from "../store/text-filter.js";

const METHODS: Record<TextFilterMethod, Omit<TextMatch, "value">> = {
  [TextFilterMethod.EQUALS]: { method: "equals", ignoreCase: false },
  [TextFilterMethod.EQUALS_IGNORE_CASE]: { method: "equals", ignoreCase: true },
  [TextFilterMethod.STARTS_WITH]: { method: "starts_with", ignoreCase: false },
  [TextFilterMethod.STARTS_WITH_IGNORE_CASE]: { method: "starts_with", ignoreCase: true },
  [TextFilterMethod.CONTAINS]: { method: "contains", ignoreCase: false },
  [TextFilterMethod.CONTAINS_IGNORE_CASE]: { method: "contains", ignoreCase: true },
  [TextFilterMethod.ENDS_WITH]: { method: "ends_with", ignoreCase: false },
  [TextFilterMethod.ENDS_WITH_IGNORE_CASE]: { method: "ends_with", ignoreCase: true },
};

export function textMatch(value: string, method: TextFilterMethod): TextMatch {
  return { ...METHODS[method], value };
}
