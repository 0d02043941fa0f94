// The svc-emulator command: `svc-emulator start [--port N] [--host H] [--data-dir DIR | --in-memory]
// [--fixtures FILE] [--import FILE] [--instances N] [--seed N] [--retention D] [--public-url URL]
// [--host-name NAME]... [--json]` parses arguments (the settings of a container also from SVC_EMULATOR_*
// variables, cli/start-env.ts), prints the ready line and closes cleanly on SIGINT/SIGTERM; everything
// else is startEmulator(). The org commands (export, import, inspect) live in cli/.

import { parseArgs } from "node:util";
import { startEmulator, type Emulator, type EmulatorInstance, type EmulatorOptions } from "./emulator.js";
import { FixtureError } from "./fixtures/seed.js";
import { parseDuration } from "./kernel/duration.js";
import { EXPORT_USAGE, exportCommand } from "./cli/export-command.js";
import { IMPORT_USAGE, importCommand } from "./cli/import-command.js";
import { INSPECT_USAGE, inspectCommand } from "./cli/inspect-command.js";
import { CommandError, UsageError } from "./cli/remote.js";
import { consoleTokenFromEnv, ENV_USAGE, startArgsFromEnv } from "./cli/start-env.js";
import { publicNames } from "./domain/instance/public-names.js";

export { UsageError } from "./cli/remote.js";

/** Emitted on `process` once the ready line is written (bin/svc-emulator.cjs, bin/load-bundle.cjs listen). */
export const READY_EVENT = "svc-emulator:ready";

const USAGE = `Usage: svc-emulator start [options]
       svc-emulator export|import|inspect ... (--help on each)

Options:
  --port N          port for every protocol (default 8080; 0 takes a free port)
  --host H          address to bind (default 127.0.0.1)
  --data-dir DIR    where the SQLite database lives (default ./.svc-emulator)
  --in-memory       keep everything in memory; nothing is written to disk
  --fixtures FILE   seed a new database from FILE (format: fixtures/README.md)
  --import FILE     then import the orgs of an export FILE ({orgs:[...]}) into it; a new database only
  --instances N     N more instances (w1.localhost, w2.localhost, ...), each seeded from the fixtures
  --seed N          deterministic ids
  --retention D     keep expired tokens, codes and auth requests for D (default 24h) before pruning
  --public-url URL  the default instance's issuer under every name it answers to, like
                    http://localhost:8080 (default: http://<Host> of each request)
  --host-name NAME  also admit NAME (no port) and serve it as the default instance, like svc-emulator
                    for the other containers of a network; repeat for more
  --json            print one line of JSON when ready instead of the banner
  -h, --help        show this help

${ENV_USAGE}`;

/** The org commands: each parses its own arguments and answers its exit code. */
const ORG_COMMANDS: Record<string, { run: (argv: string[]) => Promise<number>; usage: string }> = {
  export: { run: exportCommand, usage: EXPORT_USAGE },
  import: { run: importCommand, usage: IMPORT_USAGE },
  inspect: { run: inspectCommand, usage: INSPECT_USAGE },
};

async function orgCommand(name: string, argv: string[]): Promise<number> {
  const command = ORG_COMMANDS[name]!;
  if (argv.includes("--help") || argv.includes("-h")) return (process.stdout.write(`${command.usage}\n`), 0);
  try {
    return await command.run(argv);
  } catch (e) {
    // parseArgs throws TypeErrors with a code for unknown options and missing values.
    if (e instanceof UsageError || (e as NodeJS.ErrnoException).code?.startsWith("ERR_PARSE_ARGS")) {
      process.stderr.write(`svc-emulator ${name}: ${(e as Error).message}\n\n${command.usage}\n`);
      return 2;
    }
    if (e instanceof CommandError) return (process.stderr.write(`svc-emulator ${name}: ${e.message}\n`), 1);
    throw e;
  }
}

export function parseCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): { command: "start" | "help"; options: EmulatorOptions; json: boolean; instances: number } {
  const { values, positionals } = parseArgs({
    // The environment's settings come first, so a flag given on the command line wins.
    args: argv[0] === "start" ? ["start", ...startArgsFromEnv(env, argv), ...argv.slice(1)] : argv,
    allowPositionals: true,
    strict: true,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      "data-dir": { type: "string" },
      "in-memory": { type: "boolean" },
      fixtures: { type: "string" },
      import: { type: "string" },
      seed: { type: "string" },
      retention: { type: "string" },
      instances: { type: "string" },
      "public-url": { type: "string" },
      "host-name": { type: "string", multiple: true },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return { command: "help", options: {}, json: false, instances: 0 };
  if (positionals.length !== 1 || positionals[0] !== "start")
    throw new UsageError(positionals.length ? `unknown command: ${positionals.join(" ")}` : "missing command");
  if (values["in-memory"] && values["data-dir"] !== undefined) throw new UsageError("--data-dir and --in-memory exclude each other");
  // An empty directory would put the database in the current directory, next to the user's files.
  if (values["data-dir"] !== undefined && !values["data-dir"].trim()) throw new UsageError("--data-dir needs a directory");
  if (values.fixtures !== undefined && !values.fixtures.trim()) throw new UsageError("--fixtures needs a file");
  if (values.import !== undefined && !values.import.trim()) throw new UsageError("--import needs a file");
  // Decimal digits only: Number() would read "" as 0 (a random port) and "0x1F" as 31.
  const port = values.port === undefined ? 8080 : /^\d+$/.test(values.port) ? Number(values.port) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, not ${values.port}`);
  const seed = values.seed === undefined ? undefined : /^\d+$/.test(values.seed) ? Number(values.seed) : NaN;
  if (seed !== undefined && (!Number.isSafeInteger(seed) || seed < 0)) throw new UsageError(`--seed must be a whole number, not ${values.seed}`);
  const instances = values.instances === undefined ? 0 : /^\d+$/.test(values.instances) ? Number(values.instances) : NaN;
  if (!Number.isInteger(instances) || instances > 1000) throw new UsageError(`--instances must be a number from 0 to 1000, not ${values.instances}`);
  if (values.retention !== undefined && parseDuration(values.retention) === undefined)
    throw new UsageError(`--retention needs a duration like 1h, 30m or 0s, not ${values.retention}`);
  const consoleToken = consoleTokenFromEnv(env);
  const hostNames = values["host-name"] ?? [];
  try {
    publicNames(values["public-url"], hostNames);
  } catch (e) {
    throw new UsageError(`--public-url/--host-name: ${(e as Error).message}`);
  }
  return {
    command: "start",
    json: values.json ?? false,
    instances,
    options: {
      port,
      host: values.host,
      dataDir: values["data-dir"],
      inMemory: values["in-memory"],
      fixtures: values.fixtures,
      import: values.import,
      seed,
      ...(values.retention !== undefined ? { retention: values.retention } : {}),
      ...(values["public-url"] !== undefined ? { publicUrl: values["public-url"] } : {}),
      ...(hostNames.length ? { hostNames } : {}),
      ...(consoleToken ? { consoleToken } : {}),
    },
  };
}

export function readyLine(emu: Emulator, instances: EmulatorInstance[] = []): string {
  const more = instances.length ? { instances: instances.map(({ id, domains, issuer, adminPat }) => ({ id, domains, issuer, adminPat })) } : {};
  return JSON.stringify({
    url: emu.url,
    issuer: emu.issuer,
    port: emu.port,
    adminPat: emu.adminPat,
    consoleToken: emu.consoleToken,
    ui: emu.uiLink(),
    ...more,
  });
}

/** `--instances N`: w1.localhost … wN.localhost, each seeded from the fixtures (the default seed without --fixtures). */
export async function startInstances(emu: Emulator, count: number, fixtures: EmulatorOptions["fixtures"]): Promise<EmulatorInstance[]> {
  const made: EmulatorInstance[] = [];
  for (let n = 1; n <= count; n++) {
    try {
      made.push(await emu.instances.create({ name: `w${n}`, domain: `w${n}.localhost`, seed: { fixtures: fixtures ?? "default" } }));
    } catch (e) {
      throw new FixtureError(
        `--instances: instance w${n}.localhost: ${(e as Error).message}` +
          (/domain-taken/.test((e as Error).message) ? " (this data dir has it already: use a new --data-dir or --in-memory)" : ""),
      );
    }
  }
  return made;
}

export function banner(emu: Emulator, where: string, instances: EmulatorInstance[] = []): string {
  // The UI link first: the line a person opens.
  return [
    `ui  ${emu.uiLink()}`,
    `svc-emulator ready on ${emu.url}`,
    `  issuer        ${emu.issuer}`,
    `  data          ${where}`,
    `  adminPat      ${emu.adminPat}`,
    `  consoleToken  ${emu.consoleToken}`,
    `  try: curl -H "Authorization: Bearer ${emu.adminPat}" -X POST ${emu.url}/resources/v3alpha/targets/_search`,
    ...instances.map((i) => `  instance      ${i.issuer}  id ${i.id}  adminPat ${i.adminPat}`),
  ].join("\n");
}

export async function main(argv: string[]): Promise<number> {
  if (argv[0] && Object.hasOwn(ORG_COMMANDS, argv[0])) return orgCommand(argv[0], argv.slice(1));
  let parsed: ReturnType<typeof parseCli>;
  try {
    parsed = parseCli(argv);
  } catch (e) {
    process.stderr.write(`svc-emulator: ${(e as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (parsed.command === "help") {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let emu: Emulator | undefined;
  let instances: EmulatorInstance[];
  try {
    emu = await startEmulator(parsed.options);
    instances = await startInstances(emu, parsed.instances, parsed.options.fixtures);
  } catch (e) {
    await emu?.close();
    const err = e as NodeJS.ErrnoException;
    const msg = err instanceof FixtureError ? err.message : err.code === "EADDRINUSE" ? `port ${parsed.options.port} is in use; try --port 0` : err.message;
    process.stderr.write(`svc-emulator: ${msg}\n`);
    return 1;
  }
  // The signal handlers go in before the ready line: a supervisor may answer that line with SIGTERM at
  // once (the write to a pipe is synchronous), and without a handler the default action would end the
  // process before the database is closed and its WAL folded back.
  const stopped = new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    // Started with an IPC channel (svc-emulator/testing does so), it ends with the process that started
    // it, even one killed without a teardown: the channel closes when that process is gone.
    if (process.connected) process.once("disconnect", stop);
  });
  const where = parsed.options.inMemory ? "in memory" : (parsed.options.dataDir ?? ".svc-emulator");
  process.stdout.write(`${parsed.json ? readyLine(emu, instances) : banner(emu, where, instances)}\n`);
  // Start-up is over: bin/svc-emulator.cjs now sets the heap flags of a long-running server (and the
  // build takes the code cache); set before, they cost start-up about 40 ms of garbage collection.
  (process as NodeJS.EventEmitter).emit(READY_EVENT);
  await stopped;
  await emu.close();
  return 0;
}
