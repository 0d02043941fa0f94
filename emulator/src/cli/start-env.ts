// The settings of `svc-emulator start` from the environment (issue 28): a container is configured by
// variables as well as flags. Each variable reads as its flag placed before the command line's own, so
// a flag given on the command line wins; an empty variable counts as unset.

import { UsageError } from "./remote.js";

/** Variable -> flag taking its value. */
const VALUED: ReadonlyArray<readonly [string, string]> = [
  ["SVC_EMULATOR_PORT", "--port"],
  ["SVC_EMULATOR_HOST", "--host"],
  ["SVC_EMULATOR_DATA_DIR", "--data-dir"],
  ["SVC_EMULATOR_FIXTURES", "--fixtures"],
  ["SVC_EMULATOR_RETENTION", "--retention"],
  ["SVC_EMULATOR_PUBLIC_URL", "--public-url"],
];

export const ENV_USAGE = `Environment (each read as its flag; a flag on the command line wins):
  SVC_EMULATOR_PORT, SVC_EMULATOR_HOST, SVC_EMULATOR_DATA_DIR, SVC_EMULATOR_FIXTURES,
  SVC_EMULATOR_RETENTION, SVC_EMULATOR_PUBLIC_URL
  SVC_EMULATOR_IN_MEMORY=1    as --in-memory, over SVC_EMULATOR_DATA_DIR (0 or false: off)
  SVC_EMULATOR_HOST_NAMES     comma-separated, each as --host-name
  SVC_EMULATOR_CONSOLE_TOKEN  the control API's token instead of a new one (16 to 200 characters
                              of A-Z a-z 0-9 - . _ ~; no flag: a command line is visible to others)`;

const gives = (argv: string[], flag: string) => argv.some((a) => a === flag || a.startsWith(`${flag}=`));

/** The flags the environment sets for `start`, leaving out those `argv` gives itself. */
export function startArgsFromEnv(env: NodeJS.ProcessEnv, argv: string[]): string[] {
  const value = (name: string) => (env[name]?.trim() ? env[name]!.trim() : undefined);
  // Where data lives is one setting: a --data-dir or --in-memory flag replaces both variables, and
  // SVC_EMULATOR_IN_MEMORY on replaces SVC_EMULATOR_DATA_DIR (the image sets that one to /data).
  const storageGiven = gives(argv, "--data-dir") || gives(argv, "--in-memory");
  const inMemory = value("SVC_EMULATOR_IN_MEMORY")?.toLowerCase();
  if (inMemory !== undefined && !["1", "true", "0", "false"].includes(inMemory))
    throw new UsageError(`SVC_EMULATOR_IN_MEMORY must be 1, true, 0 or false, not ${inMemory}`);
  const inMemoryOn = !storageGiven && (inMemory === "1" || inMemory === "true");
  const args: string[] = [];
  for (const [name, flag] of VALUED) {
    const v = value(name);
    if (v === undefined || gives(argv, flag) || (flag === "--data-dir" && (storageGiven || inMemoryOn))) continue;
    args.push(`${flag}=${v}`);
  }
  if (inMemoryOn) args.push("--in-memory");
  const hostNames = value("SVC_EMULATOR_HOST_NAMES");
  if (hostNames !== undefined && !gives(argv, "--host-name")) for (const name of hostNames.split(/[\s,]+/).filter(Boolean)) args.push(`--host-name=${name}`);
  return args;
}

/** A bearer token's characters (RFC 6750 b64token, less the padding and the characters a shell quotes). */
const CONSOLE_TOKEN = /^[A-Za-z0-9._~-]{16,200}$/;

/** The console token the environment fixes (a test runner's setup chooses it before the command starts), or undefined. */
export function consoleTokenFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const token = env.SVC_EMULATOR_CONSOLE_TOKEN?.trim();
  if (!token) return undefined;
  if (!CONSOLE_TOKEN.test(token)) throw new UsageError("SVC_EMULATOR_CONSOLE_TOKEN must be 16 to 200 characters of A-Z, a-z, 0-9, -, ., _ and ~");
  return token;
}
