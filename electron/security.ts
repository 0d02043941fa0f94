// The security checklist of Electron's own guide, applied to the one window and the default session:
// the window's flags, navigation kept on the emulator's origin (what is refused is reported to the page,
// never opened elsewhere), new windows denied, links to the system browser only when the user clicked
// them and they parse as http(s), every permission denied, a CSP on the UI, and the sender check every
// IPC handler goes through. Origins are compared parsed, never by prefix.

import type { HeadersDetails, IpcSender, SessionPort, ShellPort, WebContentsPort, WindowOptions } from "./ports.js";
import type { UserActivation } from "./user-activation.js";

/** Every security-relevant flag set explicitly, so a changed Electron default cannot loosen them. */
export function secureWebPreferences(preload: string): WindowOptions["webPreferences"] {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    spellcheck: false,
  };
}

/** The origin of a URL, or undefined when it does not parse. */
export function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Whether `url` is on the emulator's origin (scheme, host and port all equal). */
export function sameOrigin(url: string, emulatorUrl: string): boolean {
  const origin = originOf(url);
  return origin !== undefined && origin !== "null" && origin === originOf(emulatorUrl);
}

/** The URL made canonical when it is a well-formed http or https URL; undefined otherwise. */
export function webUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : undefined;
}

/** Opens a link in the system browser only when it is a well-formed http or https URL. Answers whether it did. */
export async function openExternalLink(shell: ShellPort, url: string): Promise<boolean> {
  const href = webUrl(url);
  if (!href) return false;
  await shell.openExternal(href);
  return true;
}

/** What the shell refused, as the page is told (a notice in the UI): where it would have gone, and how. */
export interface BlockedNotice {
  url: string;
  kind: "navigation" | "redirect" | "new-window";
}

/** The longest URL a notice carries: the page shows it, and a page-made URL can be megabytes long. */
export const NOTICE_URL_MAX = 2048;

const notice = (url: string, kind: BlockedNotice["kind"]): BlockedNotice => ({
  url: url.length > NOTICE_URL_MAX ? `${url.slice(0, NOTICE_URL_MAX)}…` : url,
  kind,
});

/**
 * Keeps the window on the emulator's origin: a navigation or redirect elsewhere is stopped, opens
 * nothing, and is reported to the page (`blocked`, a notice in the UI); window.open and target=_blank
 * never make a window: right after the user's click or key press (user-activation.ts) an http(s) link
 * goes to the system browser, otherwise it is refused and reported like a navigation. One click opens
 * at most one link, and a refused navigation uses its click up too.
 */
export function guardNavigation(
  contents: WebContentsPort,
  emulatorUrl: string,
  shell: ShellPort,
  activation: UserActivation,
  blocked: (notice: BlockedNotice) => void,
): void {
  const guard = (kind: "navigation" | "redirect") => (event: { url: string; preventDefault(): void }) => {
    if (sameOrigin(event.url, emulatorUrl)) return;
    event.preventDefault();
    // A click that led here is used up: a window.open right after it is not the user's.
    activation.consume();
    blocked(notice(event.url, kind));
  };
  contents.onWillNavigate(guard("navigation"));
  contents.onWillRedirect(guard("redirect"));
  contents.onWillAttachWebview((event) => event.preventDefault());
  // A link meant for a new window (a discovery document, a README) is for the system browser, the emulator's own included.
  contents.setWindowOpenHandler(({ url }) => {
    const clicked = activation.consume();
    if (clicked && webUrl(url)) void openExternalLink(shell, url);
    else blocked(notice(url, "new-window"));
    return { action: "deny" };
  });
}

/** The UI's policy when the emulator's answer carries none that governs scripts. */
export const UI_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; " +
  "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** The response headers with UI_CSP added when a /ui/ document of the emulator lacks a script policy; undefined: unchanged. */
export function withUiCsp(details: HeadersDetails, emulatorUrl: string): Record<string, string[]> | undefined {
  if (!sameOrigin(details.url, emulatorUrl) || !new URL(details.url).pathname.startsWith("/ui/")) return undefined;
  const headers = details.responseHeaders ?? {};
  const policies = Object.entries(headers)
    .filter(([name]) => name.toLowerCase() === "content-security-policy")
    .flatMap(([, values]) => values);
  if (policies.some((p) => /(^|;)\s*(default-src|script-src)\s/i.test(p))) return undefined;
  const rest = Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== "content-security-policy"));
  return { ...rest, "Content-Security-Policy": [UI_CSP] };
}

/** Denies every permission (camera, notifications, geolocation, …) and adds the UI's CSP where it is missing. */
export function secureSession(session: SessionPort, emulatorUrl: string): void {
  session.setPermissionRequestHandler((_permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.onHeadersReceived([`${originOf(emulatorUrl)}/*`], (details, callback) => {
    const changed = withUiCsp(details, emulatorUrl);
    callback(changed ? { responseHeaders: changed } : {});
  });
}

/** Thrown to the renderer when a message comes from a frame that is not the emulator's. */
export class ForeignSenderError extends Error {}

/** Refuses an IPC message unless its sending frame is on the emulator's origin. */
export function checkSender(event: IpcSender, emulatorUrl: string): void {
  const url = event.senderFrame?.url ?? "";
  if (!sameOrigin(url, emulatorUrl)) throw new ForeignSenderError(`refused: the sender ${JSON.stringify(url)} is not the emulator's origin`);
}
