// The two pages /ui/ answers without the app: not signed in, and no build. Plain HTML without
// script or inline style, so the UI's strict Content-Security-Policy holds for them too.

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${title} · svc-emulator</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Shown without a session cookie, and for a used or unknown link token. */
export function accessPage(reason = "This browser is not signed in to the emulator's UI."): string {
  return page(
    "Open the link printed at start",
    `<p>${escapeHtml(reason)}</p><p>Open the <code>ui</code> link that <code>svc-emulator start</code> printed ` +
      `(or <code>emulator.uiLink()</code> of the library handle). Each link signs in one browser once.</p>`,
  );
}

export function buildMissingPage(dir: string): string {
  return page("The UI is not built", `<p>There is no <code>${escapeHtml(dir)}/index.html</code>. Run <code>npm run build</code>, then reload.</p>`);
}
