// `svc-emulator export [--org ID…] [--with-passwords] [--out FILE]`: an export job of the control
// API (POST /emulator/v1/jobs, the console token), followed over its events for the org counter;
// its report is the admin ExportData's `{orgs:[…]}` document, written to FILE or to stdout;
// progress and the summary go to stderr.

import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { progress } from "./progress.js";
import { runJob } from "./job-client.js";
import { CommandError, remoteOf, UsageError } from "./remote.js";

export const EXPORT_USAGE = `Usage: svc-emulator export [--org ID]... [--with-passwords] [--out FILE] [--url URL] [--token CONSOLE_TOKEN]

Exports orgs of the default instance of a running emulator as the admin API's {orgs:[...]} document.
  --org ID           export this org (repeatable; default: every org of the instance)
  --with-passwords   include the users' bcrypt hashes
  --out FILE         write the document to FILE (default: stdout)
  --url URL          the emulator (default: $SVC_EMULATOR_URL)
  --token TOKEN      the console token printed by start (default: $SVC_EMULATOR_TOKEN)`;

export async function exportCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      org: { type: "string", multiple: true },
      "with-passwords": { type: "boolean" },
      out: { type: "string" },
      url: { type: "string" },
      token: { type: "string" },
    },
  });
  if (positionals.length) throw new UsageError(`export takes no arguments: ${positionals.join(" ")}`);
  if (values.out !== undefined && !values.out.trim()) throw new UsageError("--out needs a file");
  const orgIds = values.org ?? [];
  if (orgIds.some((id) => !id.trim())) throw new UsageError("--org needs an org id");
  const remote = remoteOf(values, "the console token");
  const bar = progress("export");
  bar.step(`exporting ${orgIds.length ? `${orgIds.length} org(s)` : "every org"} from ${remote.url}`);
  const body = { kind: "export", orgIds, withPasswords: values["with-passwords"] ?? false };
  const job = await runJob(remote, body, (p) => bar.count(p.kind, p.done, p.total));
  const document = { orgs: (job.report as { orgs?: unknown[] }).orgs ?? [] };
  const text = `${JSON.stringify(document, null, 2)}\n`;
  if (values.out) {
    bar.step(`writing ${values.out}`);
    try {
      writeFileSync(values.out, text);
    } catch (e) {
      throw new CommandError(`cannot write ${values.out}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  } else process.stdout.write(text);
  bar.done(`${document.orgs.length} org(s) exported${values.out ? ` to ${values.out}` : ""}`);
  return 0;
}
