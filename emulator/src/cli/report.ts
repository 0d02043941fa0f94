// Readable reports of the org commands on stdout: counts per kind and errors with their paths.

import { importErrorLine } from "../migration/import-error-line.js";
import type { ImportError, ImportResult } from "../migration/import-orgs.js";

/** `kind: n` pairs in a stable order, zero counts left out. */
export function countLine(counts: Record<string, number>): string {
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`);
  return parts.length ? parts.join(", ") : "nothing";
}

export function errorLines(errors: readonly ImportError[]): string[] {
  return errors.map((e) => `  ${importErrorLine(e)}`);
}

/** Counts per kind over all orgs of an import result (the lengths of its success lists). */
export function importCounts(result: ImportResult): Record<string, number> {
  const counts: Record<string, number> = { orgs: result.success.orgs.length };
  for (const org of result.success.orgs) for (const [kind, v] of Object.entries(org)) if (Array.isArray(v)) counts[kind] = (counts[kind] ?? 0) + v.length;
  return counts;
}
