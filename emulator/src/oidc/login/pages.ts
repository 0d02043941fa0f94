// The login pages: plain HTML forms that work without JavaScript, so a test can drive them with
// HTTP requests; the emulator shortcut is set apart and marked as such.

import type { Texts, Language } from "./texts.js";

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function layout(lang: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · svc-emulator</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;display:flex;justify-content:center}
main{background:#fff;margin:3rem 1rem;padding:2rem;border-radius:12px;box-shadow:0 2px 12px #0002;width:100%;max-width:380px}
h1{font-size:1.4rem;margin:0 0 1rem}label{display:block;margin:.8rem 0 .2rem;font-size:.9rem}
input{width:100%;box-sizing:border-box;padding:.55rem;border:1px solid #bbb;border-radius:6px;font-size:1rem}
button{margin-top:1rem;width:100%;padding:.6rem;border:0;border-radius:6px;background:#3451b2;color:#fff;font-size:1rem;cursor:pointer}
.error{color:#b00020;margin:.5rem 0}.shortcut{margin-top:2rem;padding:1rem;border:2px dashed #e09b00;border-radius:8px;background:#fff8e6}
.shortcut h2{font-size:.95rem;margin:0 0 .3rem}.shortcut p{font-size:.8rem;margin:0 0 .5rem;color:#6b5000}
.shortcut button{background:#e09b00;margin-top:.4rem}.account button{background:#fff;color:#222;border:1px solid #bbb;text-align:left}
a{color:#3451b2}
</style></head><body><main>${body}</main></body></html>`;
}

export interface ShortcutUser {
  id: string;
  label: string;
}

function shortcutBox(t: Texts, authRequest: string, users: ShortcutUser[]): string {
  if (!users.length) return "";
  const buttons = users
    .map(
      (u) =>
        `<form method="post" action="shortcut"><input type="hidden" name="authRequest" value="${esc(authRequest)}">` +
        `<input type="hidden" name="userId" value="${esc(u.id)}"><button type="submit" data-user-id="${esc(u.id)}">${esc(u.label)}</button></form>`,
    )
    .join("\n");
  return `<section class="shortcut" aria-label="emulator shortcut"><h2>${esc(t.shortcut)}</h2><p>${esc(t.shortcutNote)}</p>${buttons}</section>`;
}

export function loginPage(t: Texts, lang: Language, authRequest: string, opts: { loginName?: string; error?: string; users: ShortcutUser[] }): string {
  return layout(
    lang,
    t.title,
    `<h1>${esc(t.title)}</h1>
${opts.error ? `<p class="error" role="alert">${esc(opts.error)}</p>` : ""}
<form method="post" action="login">
<input type="hidden" name="authRequest" value="${esc(authRequest)}">
<label for="loginName">${esc(t.loginName)}</label><input id="loginName" name="loginName" autocomplete="username" value="${esc(opts.loginName ?? "")}" required>
<label for="password">${esc(t.password)}</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${esc(t.next)}</button>
</form>
<p><a href="register?authRequest=${encodeURIComponent(authRequest)}">${esc(t.register)}</a></p>
${shortcutBox(t, authRequest, opts.users)}`,
  );
}

export function selectAccountPage(t: Texts, lang: Language, authRequest: string, sessions: { id: string; label: string }[]): string {
  const accounts = sessions
    .map(
      (s) =>
        `<form method="post" action="select" class="account"><input type="hidden" name="authRequest" value="${esc(authRequest)}">` +
        `<input type="hidden" name="sessionId" value="${esc(s.id)}"><button type="submit">${esc(s.label)}</button></form>`,
    )
    .join("\n");
  return layout(
    lang,
    t.chooseAccount,
    `<h1>${esc(t.chooseAccount)}</h1>${accounts}<p><a href="login?authRequest=${encodeURIComponent(authRequest)}">${esc(t.otherAccount)}</a></p>`,
  );
}

export function registerPage(t: Texts, lang: Language, authRequest: string, error?: string): string {
  const field = (name: string, label: string, type = "text") =>
    `<label for="${name}">${esc(label)}</label><input id="${name}" name="${name}" type="${type}" required>`;
  const fields =
    field("firstName", t.firstName) +
    field("lastName", t.lastName) +
    field("email", t.email, "email") +
    field("loginName", t.loginName) +
    field("password", t.password, "password");
  return layout(
    lang,
    t.register,
    `<h1>${esc(t.register)}</h1>${error ? `<p class="error" role="alert">${esc(error)}</p>` : ""}
<form method="post" action="register"><input type="hidden" name="authRequest" value="${esc(authRequest)}">
${fields}
<button type="submit">${esc(t.create)}</button></form>`,
  );
}

export function errorPage(t: Texts, lang: Language, error: string, description: string): string {
  return layout(lang, t.error, `<h1>${esc(t.error)}</h1><p class="error" role="alert"><strong>${esc(error)}</strong>: ${esc(description)}</p>`);
}

export function signedOutPage(t: Texts, lang: Language): string {
  return layout(lang, t.signedOut, `<h1>${esc(t.signedOut)}</h1>`);
}
