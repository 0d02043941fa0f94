// One import error as a line for people (the CLI's reports, `start --import` failures): where in the
// document first, then the product's type and id, then the message.

import type { ImportError } from "./validate-import.js";

export function importErrorLine(e: ImportError): string {
  return `${e.path || "(document)"}  ${e.type}${e.id ? ` ${e.id}` : ""}: ${e.message}`;
}
