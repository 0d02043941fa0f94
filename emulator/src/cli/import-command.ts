// `svc-emulator import FILE [--dry-run] [--best-effort] [--instance ID|HOST]`: an import job of the control API
// (POST /emulator/v1/jobs, the console token) into the default instance or the one named, followed over its events
// for the progress counters per kind. It is used instead of the admin ImportData because it offers
// the dry run and the counters; both run the same engine. The report (counts per kind, errors with
// their paths) goes to stdout; any error exits 1.

import { parseArgs } from "node:util";
import type { ImportResult } from "../migration/import-orgs.js";
import { readDocumentFile } from "./document-file.js";
import { progress } from "./progress.js";
import { runJob } from "./job-client.js";
import { CommandError, getJson, remoteOf, UsageError, type Remote } from "./remote.js";
import { countLine, errorLines, importCounts } from "./report.js";

export const IMPORT_USAGE = `Usage: svc-emulator import FILE [--dry-run] [--best-effort] [--instance ID|HOST] [--url URL] [--token CONSOLE_TOKEN]

Imports an org export ({orgs:[...]}) into an instance of a running emulator, with the file's ids
(ids are per instance: the same file may go into several instances).
  --instance X       the instance: its id or one of its domains (default: the default instance)
  --dry-run          try everything, then roll back: report what the import would do
  --best-effort      keep what imports and report the rest (the product's behaviour);
                     default: atomic, any error means nothing is imported
  --url URL          the emulator (default: $SVC_EMULATOR_URL)
  --token TOKEN      the console token printed by start (default: $SVC_EMULATOR_TOKEN)
Exits 1 when the report has errors.`;

export async function importCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      "dry-run": { type: "boolean" },
      "best-effort": { type: "boolean" },
      instance: { type: "string" },
      url: { type: "string" },
      token: { type: "string" },
    },
  });
  if (positionals.length !== 1 || !positionals[0]?.trim()) throw new UsageError("import needs exactly one FILE");
  if (values.instance !== undefined && !values.instance.trim()) throw new UsageError("--instance needs an instance id or host");
  const file = positionals[0];
  const remote = remoteOf(values, "the console token");
  const dryRun = values["dry-run"] ?? false;
  const bestEffort = values["best-effort"] ?? false;
  // The instance is found before anything is read: an unknown one is the only line.
  const instanceId = values.instance === undefined ? undefined : await instanceIdOf(remote, values.instance.trim());
  const bar = progress("import");
  bar.step(`reading ${file}`);
  const document = readDocumentFile(file);
  bar.step(`${dryRun ? "dry run" : "importing"} into ${remote.url}${values.instance ? ` (instance ${values.instance.trim()})` : ""}`);
  const job = await runJob(remote, { kind: "import", document, dryRun, bestEffort, ...(instanceId ? { instanceId } : {}) }, (p) =>
    bar.count(p.kind, p.done, p.total),
  );
  const result = job.report as ImportResult;
  const failed = result.errors.length > 0;
  const kept = !dryRun && (!failed || bestEffort);
  bar.done(failed ? `${result.errors.length} error(s)` : "done");
  const counts = countLine(importCounts(result));
  const lines = [dryRun ? `would import: ${counts}` : kept ? `imported: ${counts}` : "nothing imported (atomic; --best-effort keeps the rest)"];
  if (failed) lines.push(`${result.errors.length} error(s):`, ...errorLines(result.errors));
  process.stdout.write(`${lines.join("\n")}\n`);
  return failed ? 1 : 0;
}

/** The id of the instance named by its id or by a domain (a host; its port and case do not matter). */
async function instanceIdOf(remote: Remote, named: string): Promise<string> {
  const { instances } = (await getJson(remote, "/emulator/v1/instances")) as { instances: { id: string; domains: string[] }[] };
  const host = named.toLowerCase().replace(/:\d+$/, "");
  const found = instances.find((i) => i.id === named) ?? instances.find((i) => i.domains.includes(host));
  if (!found) throw new CommandError(`no instance ${named} in ${remote.url} (give an instance id or one of its domains)`);
  return found.id;
}
