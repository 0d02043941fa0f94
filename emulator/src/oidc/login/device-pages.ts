// The device verification pages (RFC 8628 3.3): enter the user code, then allow or deny the device
// once signed in. Plain HTML forms like the other login pages.

import { esc, layout } from "./pages.js";
import type { Language, Texts } from "./texts.js";

export function userCodePage(t: Texts, lang: Language, opts: { userCode?: string; error?: string }): string {
  const input = `<input id="user_code" name="user_code" autocomplete="one-time-code" autocapitalize="characters" value="${esc(opts.userCode ?? "")}" required>`;
  return layout(
    lang,
    t.deviceTitle,
    `<h1>${esc(t.deviceTitle)}</h1><p>${esc(t.deviceIntro)}</p>
${opts.error ? `<p class="error" role="alert">${esc(opts.error)}</p>` : ""}
<form method="post" action="device">
<label for="user_code">${esc(t.userCode)}</label>${input}
<button type="submit">${esc(t.deviceContinue)}</button>
</form>`,
  );
}

export function deviceConsentPage(
  t: Texts,
  lang: Language,
  authRequest: string,
  o: { userCode: string; appName: string; loginName: string; scope: string[] },
): string {
  // Both forms post the request id; the action says the decision (the product's /device/{action}).
  const form = (action: string, label: string) =>
    `<form method="post" action="${action}"><input type="hidden" name="authRequest" value="${esc(authRequest)}">` +
    `<button type="submit">${esc(label)}</button></form>`;
  return layout(
    lang,
    t.deviceConsentTitle,
    `<h1>${esc(t.deviceConsentTitle)}</h1>
<dl><dt>${esc(t.userCode)}</dt><dd>${esc(o.userCode)}</dd><dt>${esc(t.deviceApp)}</dt><dd>${esc(o.appName)}</dd>
<dt>${esc(t.deviceUser)}</dt><dd>${esc(o.loginName)}</dd><dt>${esc(t.deviceScopes)}</dt><dd>${esc(o.scope.join(" ") || "-")}</dd></dl>
${form("allowed", t.allow)}
${form("denied", t.deny)}`,
  );
}

export function deviceDonePage(t: Texts, lang: Language, allowed: boolean): string {
  const text = allowed ? t.deviceAllowed : t.deviceDenied;
  return layout(lang, t.deviceTitle, `<h1>${esc(t.deviceTitle)}</h1><p role="status">${esc(text)}</p>`);
}
