// The flow runner's user agent: real HTTP/1.1 requests to the emulator's own listener on loopback,
// with the Host of the flow's instance (which decides the instance and the issuer), a cookie jar for
// the OIDC user agent cookie, no redirects followed, and a record of every exchange with client
// secrets masked (the record is shown in the UI and returned to scripts).

import http from "node:http";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: unknown;
}

export interface FlowStep {
  name: string;
  request: RecordedRequest;
  /** Null for a step the runner does not send (the redirect to the app's callback). */
  response: RecordedResponse | null;
  note?: string;
}

export interface Outgoing {
  method: "GET" | "POST";
  /** Path and query on the emulator, or a full URL for a step that is only recorded. */
  path: string;
  headers?: Record<string, string>;
  form?: Record<string, string>;
}

const MASK = "***";

/** The record of a request with client secrets replaced: Basic credentials and client_secret. */
function masked(req: RecordedRequest, form: Record<string, string> | undefined): RecordedRequest {
  const headers = { ...req.headers };
  if (/^basic /i.test(headers.authorization ?? "")) headers.authorization = `Basic ${MASK}`;
  const body = form ? new URLSearchParams(Object.entries(form).map(([k, v]) => [k, k === "client_secret" ? MASK : v])).toString() : req.body;
  return { ...req, headers, body };
}

function parsedBody(contentType: string | undefined, text: string): unknown {
  if (!contentType?.includes("json")) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export class LoopbackAgent {
  readonly steps: FlowStep[] = [];
  private readonly cookies = new Map<string, string>();

  /** `host` is the Host header (instance domain and port); requests go to 127.0.0.1:`port`. */
  constructor(
    private readonly port: number,
    private readonly host: string,
  ) {}

  get origin(): string {
    return `http://${this.host}`;
  }

  /** Sends one request, records it as step `name` (with `note` when the answer needs one) and returns the answer. */
  async send(name: string, out: Outgoing, note?: string): Promise<RecordedResponse> {
    const headers: Record<string, string> = { host: this.host, accept: "application/json, text/html;q=0.9", ...out.headers };
    const body = out.form ? new URLSearchParams(out.form).toString() : null;
    if (body !== null) headers["content-type"] = "application/x-www-form-urlencoded";
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const response = await this.exchange(out.method, out.path, headers, body);
    const step: FlowStep = { name, request: masked({ method: out.method, url: this.origin + out.path, headers, body }, out.form), response };
    if (note) step.note = note;
    this.steps.push(step);
    return response;
  }

  /** The Location of a redirect, resolved against the emulator; undefined for any other answer. */
  redirectTarget(res: RecordedResponse): URL | undefined {
    if (res.status < 300 || res.status > 399 || !res.headers.location) return undefined;
    return new URL(res.headers.location, this.origin);
  }

  /** Records a step that is not sent (with the reason in `note`). */
  record(name: string, url: string, note: string): void {
    this.steps.push({ name, request: { method: "GET", url, headers: {}, body: null }, response: null, note });
  }

  private exchange(method: string, path: string, headers: Record<string, string>, body: string | null): Promise<RecordedResponse> {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port: this.port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const flat: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(", ") : v;
          for (const c of [res.headers["set-cookie"] ?? []].flat()) {
            const [pair] = c.split(";");
            const eq = pair!.indexOf("=");
            if (eq > 0) this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
          }
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, headers: flat, body: parsedBody(res.headers["content-type"], text) });
        });
      });
      req.on("error", reject);
      req.end(body ?? undefined);
    });
  }
}
