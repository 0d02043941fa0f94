// A user agent for driving the login pages over HTTP: keeps cookies, follows redirects by hand and
// stops at the first URL outside the emulator (the client's redirect URI), which it never calls.

export interface Page {
  status: number;
  url: string;
  html: string;
}

export class Browser {
  readonly cookies = new Map<string, string>();

  /** `send` defaults to fetch; pass one that sets a Host header to reach an instance by its domain. */
  constructor(
    private readonly origin: string,
    private readonly send: typeof fetch = fetch,
  ) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private remember(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  }

  /** Requests `url` and follows redirects inside the emulator; returns the last page or the outside URL. */
  async go(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Page> {
    let next = new URL(url, this.origin).toString();
    let method = init.method ?? "GET";
    let body: string | undefined = init.form ? new URLSearchParams(init.form).toString() : undefined;
    for (let hops = 0; hops < 10; hops++) {
      if (!next.startsWith(this.origin)) return { status: 302, url: next, html: "" };
      const res = await this.send(next, {
        method,
        redirect: "manual",
        headers: { cookie: this.cookieHeader(), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
        body,
      });
      this.remember(res);
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location) {
        next = new URL(location, next).toString();
        method = "GET";
        body = undefined;
        continue;
      }
      return { status: res.status, url: next, html: await res.text() };
    }
    throw new Error("too many redirects");
  }

  /** Fills and submits the form whose action matches `action` on a page. */
  async submit(page: Page, action: string, fields: Record<string, string>): Promise<Page> {
    const hidden = Object.fromEntries([...page.html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]));
    return this.go(new URL(action, page.url).toString(), { method: "POST", form: { authRequest: hidden.authRequest ?? "", ...fields } });
  }
}
