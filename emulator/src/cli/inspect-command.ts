// `svc-emulator inspect FILE`: offline, no emulator needed. Per org: id, name, counts per kind,
// the secrets the file carries and what the import will not carry over; then the validation
// errors with their paths (the import engine's own validateImport). Exits 1 when the file is invalid.

import { parseArgs } from "node:util";
import { summariseDocument } from "../migration/inspect-document.js";
import { readDocumentFile } from "./document-file.js";
import { UsageError } from "./remote.js";
import { countLine, errorLines } from "./report.js";

export const INSPECT_USAGE = `Usage: svc-emulator inspect FILE

Summarises an org export ({orgs:[...]}) without an emulator: orgs, counts per kind, the secrets
it carries, what an import will not carry over, and every validation error with its path.
Exits 1 when the file would not import.`;

export async function inspectCommand(argv: string[]): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: {} });
  if (positionals.length !== 1 || !positionals[0]?.trim()) throw new UsageError("inspect needs exactly one FILE");
  const file = positionals[0];
  const document = readDocumentFile(file);
  const orgs = summariseDocument(document);
  // Loaded here: the engine's field rules read the resource API's descriptors, which no other command needs.
  const { validateImport } = await import("../migration/validate-import.js");
  const { errors } = validateImport(document);
  const lines = [`${file}: ${orgs.length} org(s)`];
  for (const org of orgs) {
    lines.push(`org ${org.orgId || "(no id)"} ${JSON.stringify(org.name)}`);
    lines.push(`  counts        ${countLine(org.counts)}`);
    lines.push(`  secrets       ${countLine(org.secrets)}`);
    lines.push(`  not carried   ${countLine(org.notCarried)}`);
  }
  lines.push(errors.length ? `${errors.length} validation error(s):` : "valid: no errors", ...errorLines(errors));
  process.stdout.write(`${lines.join("\n")}\n`);
  return errors.length ? 1 : 0;
}
