// The one fetch every API module uses: JSON in and out, and every failure as an ApiError with the
// {code, message} the emulator's surfaces answer (a network failure or a non-JSON answer gets one too).

/**
 * An error of any API: `code` is the gRPC code of the answer (or 14 Unavailable when the emulator is
 * unreachable), `status` the HTTP status (0 without an answer).
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface JsonRequest {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

const UNAVAILABLE = 14;
const UNKNOWN = 2;

export async function fetchJson<T>(url: string, req: JsonRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", ...req.headers };
  if (req.body !== undefined) headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(url, {
      method: req.method ?? "GET",
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      credentials: "same-origin",
      signal: req.signal,
    });
  } catch (e) {
    if ((e as Error).name === "AbortError") throw e;
    throw new ApiError(UNAVAILABLE, `The emulator did not answer (${(e as Error).message}). Is it still running?`, 0);
  }
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!res.ok) {
    const err = parsed as { code?: unknown; message?: unknown } | undefined;
    const code = typeof err?.code === "number" ? err.code : UNKNOWN;
    const message = typeof err?.message === "string" ? err.message : `${res.status} ${res.statusText}: ${text.slice(0, 200)}`;
    throw new ApiError(code, message, res.status);
  }
  return parsed as T;
}
