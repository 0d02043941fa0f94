// The security checklist of Electron's own guide, applied to the one window and the default session:
// the window's flags, navigation kept on the emulator's origin, new windows denied, links to the
// system browser only when they parse as http(s), every permission denied, a CSP on the UI, and the
// sender check every IPC handler goes through. Origins are compared parsed, never by prefix.

import type { HeadersDetails, IpcSender, SessionPort, ShellPort, WebContentsPort, WindowOptions } from "./ports.js";

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

/** Opens a link in the system browser only when it is a well-formed http or https URL. Answers whether it did. */
export async function openExternalLink(shell: ShellPort, url: string): Promise<boolean> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return false;
  await shell.openExternal(parsed.href);
  return true;
}

/**
 * Keeps the window on the emulator's origin: a navigation or redirect elsewhere is stopped and, if it
 * is http(s), opened in the system browser; window.open and target=_blank never make a window (http(s)
 * links go to the system browser).
 */
export function guardNavigation(contents: WebContentsPort, emulatorUrl: string, shell: ShellPort): void {
  const guard = (event: { url: string; preventDefault(): void }) => {
    if (sameOrigin(event.url, emulatorUrl)) return;
    event.preventDefault();
    void openExternalLink(shell, event.url);
  };
  contents.onWillNavigate(guard);
  contents.onWillRedirect(guard);
  contents.onWillAttachWebview((event) => event.preventDefault());
  // A link meant for a new window (a discovery document, a README) is for the system browser, the emulator's own included.
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalLink(shell, url);
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
