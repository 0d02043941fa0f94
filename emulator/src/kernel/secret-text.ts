// Random secrets handed to people (console token, PATs, client secrets): base64url text that never
// starts with "-". Such a value is copied into command lines (`--token <value>`), where a leading
// dash reads as an option and the command refuses it; a first character drawn again costs no entropy
// worth counting (62 of 64 symbols remain for it).

import { randomBytes } from "node:crypto";

export function secretText(bytes: number): string {
  for (;;) {
    const text = randomBytes(bytes).toString("base64url");
    if (!text.startsWith("-")) return text;
  }
}
