// The emulator of a test run, as every runner's global setup gets it: the one named by the environment
// (SVC_EMULATOR_URL and SVC_EMULATOR_CONSOLE_TOKEN, as the GitHub Action or a container sets them), or
// else one started for the run. What the workers need of it is its URL and console token.

import { getJson } from "../cli/remote.js";
import { type EmulatorProcessOptions, startEmulatorProcess } from "./emulator-process.js";

/** Where a worker finds the run's emulator: its URL and the control API's token. */
export interface EmulatorConnection {
  url: string;
  consoleToken: string;
}

export interface RunEmulator {
  connection: EmulatorConnection;
  /** True when this run started the emulator (and stop ends it); false when it was given by the environment. */
  started: boolean;
  stop(): Promise<void>;
  stopNow(): void;
}

export const URL_VARIABLE = "SVC_EMULATOR_URL";
export const TOKEN_VARIABLE = "SVC_EMULATOR_CONSOLE_TOKEN";

/** The emulator the environment names, when it names both its URL and its console token. */
export function connectionFromEnv(env: NodeJS.ProcessEnv = process.env): EmulatorConnection | undefined {
  const url = env[URL_VARIABLE]?.trim().replace(/\/+$/, "");
  const consoleToken = env[TOKEN_VARIABLE]?.trim();
  return url && consoleToken ? { url, consoleToken } : undefined;
}

/** Puts the connection into the environment, which the runner's workers inherit. */
export function exportConnection(connection: EmulatorConnection, env: NodeJS.ProcessEnv = process.env): void {
  env[URL_VARIABLE] = connection.url;
  env[TOKEN_VARIABLE] = connection.consoleToken;
}

/** The run's emulator: the environment's (checked to answer with that token), else a new one. */
export async function runEmulator(options: EmulatorProcessOptions = {}, env: NodeJS.ProcessEnv = process.env): Promise<RunEmulator> {
  const given = connectionFromEnv(env);
  if (given) {
    await getJson({ url: given.url, token: given.consoleToken }, "/emulator/v1/instances");
    return { connection: given, started: false, stop: async () => {}, stopNow: () => {} };
  }
  const emu = await startEmulatorProcess(options);
  return { connection: { url: emu.url, consoleToken: emu.consoleToken }, started: true, stop: emu.stop, stopNow: emu.stopNow };
}

/** The connection a worker was handed, or a clear error naming what is missing. */
export function requireConnection(connection: EmulatorConnection | undefined, how: string): EmulatorConnection {
  if (!connection?.url || !connection.consoleToken) throw new Error(`svc-emulator: no emulator for this run: ${how}`);
  return connection;
}

/** The run's emulator with its connection put into the environment, which the runner's workers inherit. */
export async function runForWorkers(options: EmulatorProcessOptions = {}): Promise<RunEmulator> {
  const run = await runEmulator(options);
  exportConnection(run.connection);
  return run;
}
