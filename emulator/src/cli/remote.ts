// How the export and import commands reach a running emulator: its URL and a token from the flags
// `--url`/`--token` or the environment (SVC_EMULATOR_URL / SVC_EMULATOR_TOKEN). Errors of either
// surface (the rpc status body of the admin API, {code,message} of the control API) become one line.

export class UsageError extends Error {}
/** A failure the command reports and exits 1 on. */
export class CommandError extends Error {}

export interface Remote {
  url: string;
  token: string;
}

export function remoteOf(values: { url?: string; token?: string }, tokenName: string, env: NodeJS.ProcessEnv = process.env): Remote {
  const url = (values.url ?? env.SVC_EMULATOR_URL ?? "").trim().replace(/\/+$/, "");
  const token = (values.token ?? env.SVC_EMULATOR_TOKEN ?? "").trim();
  if (!url) throw new UsageError("needs the emulator's URL: --url or SVC_EMULATOR_URL");
  if (!/^https?:\/\//.test(url)) throw new UsageError(`--url must be an http:// or https:// URL, not ${url}`);
  if (!token) throw new UsageError(`needs ${tokenName}: --token or SVC_EMULATOR_TOKEN`);
  return { url, token };
}

/** POSTs JSON and answers the parsed JSON body; a non-2xx answer or an unreachable emulator is a CommandError. */
export function postJson(remote: Remote, path: string, body: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  return callJson(remote, path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
}

/** GETs and answers the parsed JSON body, as postJson. */
export function getJson(remote: Remote, path: string): Promise<unknown> {
  return callJson(remote, path, { method: "GET" });
}

async function callJson(remote: Remote, path: string, init: { method: string; headers?: Record<string, string>; body?: string }): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${remote.url}${path}`, { ...init, headers: { authorization: `Bearer ${remote.token}`, ...init.headers } });
  } catch (e) {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    throw new CommandError(`cannot reach ${remote.url}: ${cause?.code ?? cause?.message ?? (e as Error).message}`);
  }
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    throw new CommandError(`${path} answered ${res.status} with a body that is not JSON`);
  }
  if (!res.ok) {
    const message = (parsed as { message?: unknown }).message;
    throw new CommandError(`${path} answered ${res.status}: ${typeof message === "string" ? message : text}`);
  }
  return parsed;
}
