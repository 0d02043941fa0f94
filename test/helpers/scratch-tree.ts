// A throwaway folder of small source files for the tests of the repository's checks
// (test/architecture/): made in the temporary folder, given to `use`, removed afterwards.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** What `use` returns for a folder holding `files` (path → text). */
export function withTree<T>(files: Record<string, string>, use: (root: string) => T): T {
  const root = mkdtempSync(join(tmpdir(), "scratch-tree-"));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return use(root);
  } finally {
    rmSync(root, { recursive: true });
  }
}
