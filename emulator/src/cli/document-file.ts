// Reading an org export file for `import` and `inspect`: the `{orgs:[…]}` document as the admin
// export writes it. A file that cannot be read or is not JSON is a CommandError naming the file.

import { readFileSync } from "node:fs";
import { CommandError } from "./remote.js";

export function readDocumentFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new CommandError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new CommandError(`${file} is not JSON: ${(e as Error).message}`);
  }
}
