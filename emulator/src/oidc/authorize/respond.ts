// Delivering an authorization response to the redirect URI by response mode (OAuth 2.0 Multiple
// Response Types, Form Post Response Mode): query, fragment, or a page that posts a form.

import type { FastifyReply } from "fastify";

export type ResponseMode = "query" | "fragment" | "form_post";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function sendAuthorizationResponse(
  reply: FastifyReply,
  redirectUri: string,
  mode: ResponseMode,
  params: Record<string, string | number | undefined>,
): FastifyReply {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== "") as [string, string | number][];
  if (mode === "form_post") {
    const inputs = entries.map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(String(v))}">`).join("\n");
    const page = `<!doctype html><html><head><meta charset="utf-8"><title>Submit this form</title></head>
<body onload="document.forms[0].submit()"><form method="post" action="${escapeHtml(redirectUri)}">
${inputs}
<noscript><button type="submit">Continue</button></noscript></form></body></html>`;
    return reply.code(200).header("cache-control", "no-store").type("text/html; charset=utf-8").send(page);
  }
  const encoded = new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString();
  const url = new URL(redirectUri);
  if (mode === "query") {
    for (const [k, v] of entries) url.searchParams.append(k, String(v));
    return reply.code(302).header("cache-control", "no-store").redirect(url.toString());
  }
  url.hash = encoded;
  return reply.code(302).header("cache-control", "no-store").redirect(url.toString());
}
