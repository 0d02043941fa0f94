// The login pages' routes under /ui/login: sign in with login name and password, the emulator's
// one-click shortcut, the account chooser and registration (prompt=create). Each finishes the
// authorization request it belongs to.

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Core } from "../../domain/core.js";
import { createHuman } from "../../domain/user/commands.js";
import { getUser, humansOfInstance, loginName } from "../../domain/user/queries.js";
import { canSignIn, type User } from "../../domain/user/user.js";
import type { AuthRequest } from "../../domain/auth-request/auth-request.js";
import { getAuthRequest } from "../../domain/auth-request/queries.js";
import { addLoginSession } from "../../domain/login-session/commands.js";
import { activeSessions } from "../../domain/login-session/queries.js";
import { oidcActor } from "../actor.js";
import { completeAuthRequest } from "../authorize/complete.js";
import { findApp } from "../clients.js";
import { userMatchesOrgScopes } from "../claims.js";
import { findUserByLoginName, passwordMatches } from "./find-user.js";
import type { OidcContext } from "../issue.js";
import { OidcError, invalidRequest } from "../errors.js";
import { oauthParams, type Params } from "../parameters.js";
import { loginPage, registerPage, selectAccountPage } from "./pages.js";
import { sendErrorPage } from "../error-response.js";
import { pickLanguage, textsFor } from "./texts.js";

export interface LoginDeps {
  context(req: FastifyRequest): OidcContext;
  userAgentId(req: FastifyRequest, reply: FastifyReply): string;
  /** The instance's resolved restricted and default languages. */
  languages(req: FastifyRequest): { restricted: string[]; default: string };
}

/** The humans the shortcut offers: those who may sign in for the request's org scopes. */
function humansOf(core: Core, instanceId: string, scopes: string[]): { id: string; label: string }[] {
  return humansOfInstance(core.db, instanceId, "username")
    .filter((u) => userMatchesOrgScopes(core, u, scopes))
    .map((u) => ({ id: u.id, label: `${u.data.firstName} ${u.data.lastName} (${loginName(core, u)})` }));
}

export function registerLoginRoutes(app: FastifyInstance, deps: LoginDeps): void {
  const page = (req: FastifyRequest, ar: AuthRequest | undefined) => {
    const lang = pickLanguage(ar?.params.uiLocales ?? [], req.headers["accept-language"], deps.languages(req));
    return { lang, t: textsFor(lang) };
  };
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header("cache-control", "no-store").type("text/html; charset=utf-8").send(body);

  /** The page's fields (the form of a POST, the query of a GET) and the open authorization request they name, or an error page. */
  const requestOf = (req: FastifyRequest, reply: FastifyReply) => {
    const fail = (description: string) => {
      sendErrorPage(reply, page(req, undefined), invalidRequest(description));
      return undefined;
    };
    let form: Params;
    try {
      form = oauthParams(req.method === "POST" ? req.body : req.query);
    } catch (e) {
      if (e instanceof OidcError) return fail(e.description);
      throw e;
    }
    const ctx = deps.context(req);
    const ar = form.authRequest ? getAuthRequest(ctx.core.db, ctx.instance.id, form.authRequest) : undefined;
    if (!ar || ar.sessionId) return fail(ar ? "this authorization request is already finished" : "unknown authorization request");
    return { ctx, ar, form, app: findApp(ctx.core, ctx.instance, ar.params.clientId)! };
  };

  // Every way in (password, shortcut, registration) ends here: a locked or deactivated user is refused on the login page.
  const signIn = async (req: FastifyRequest, reply: FastifyReply, r: NonNullable<ReturnType<typeof requestOf>>, user: User, amr: string[]) => {
    if (!canSignIn(user)) {
      const { lang, t } = page(req, r.ar);
      const users = humansOf(r.ctx.core, r.ctx.instance.id, r.ar.params.scope);
      return html(reply, 403, loginPage(t, lang, r.ar.id, { loginName: r.form.loginName, error: t.notActive, users }));
    }
    const session = addLoginSession(r.ctx.core, oidcActor(r.ctx.instance.id, user.id), deps.userAgentId(req, reply), user.id, amr);
    return completeAuthRequest(r.ctx, reply, r.ar, session, r.app);
  };

  app.get("/ui/login/login", async (req, reply) => {
    const r = requestOf(req, reply);
    if (!r) return reply;
    const { lang, t } = page(req, r.ar);
    return html(
      reply,
      200,
      loginPage(t, lang, r.ar.id, { loginName: r.ar.params.loginHint, users: humansOf(r.ctx.core, r.ctx.instance.id, r.ar.params.scope) }),
    );
  });

  app.post("/ui/login/login", async (req, reply) => {
    const r = requestOf(req, reply);
    if (!r) return reply;
    const user = findUserByLoginName(r.ctx.core, r.ctx.instance.id, r.form.loginName ?? "");
    const { lang, t } = page(req, r.ar);
    if (!user || !(await passwordMatches(r.ctx.core, user, r.form.password ?? ""))) {
      return html(
        reply,
        401,
        loginPage(t, lang, r.ar.id, { loginName: r.form.loginName, error: t.wrong, users: humansOf(r.ctx.core, r.ctx.instance.id, r.ar.params.scope) }),
      );
    }
    if (!userMatchesOrgScopes(r.ctx.core, user, r.ar.params.scope)) {
      return html(
        reply,
        403,
        loginPage(t, lang, r.ar.id, { loginName: r.form.loginName, error: t.otherOrg, users: humansOf(r.ctx.core, r.ctx.instance.id, r.ar.params.scope) }),
      );
    }
    return signIn(req, reply, r, user, ["pwd"]);
  });

  app.post("/ui/login/shortcut", async (req, reply) => {
    const r = requestOf(req, reply);
    if (!r) return reply;
    const user = r.form.userId ? getUser(r.ctx.core.db, r.ctx.instance.id, r.form.userId) : undefined;
    if (!user || user.instanceId !== r.ctx.instance.id || user.type !== "human" || !userMatchesOrgScopes(r.ctx.core, user, r.ar.params.scope)) {
      return sendErrorPage(reply, page(req, r.ar), invalidRequest("unknown user"));
    }
    return signIn(req, reply, r, user, ["pwd"]);
  });

  app.get("/ui/login/select", async (req, reply) => {
    const r = requestOf(req, reply);
    if (!r) return reply;
    const { lang, t } = page(req, r.ar);
    const sessions = activeSessions(r.ctx.core.db, r.ctx.instance.id, deps.userAgentId(req, reply)).map((s) => {
      const u = getUser(r.ctx.core.db, r.ctx.instance.id, s.userId)!;
      return { id: s.id, label: `${u.data.firstName ?? u.data.name} ${u.data.lastName ?? ""} (${loginName(r.ctx.core, u)})` };
    });
    return html(reply, 200, selectAccountPage(t, lang, r.ar.id, sessions));
  });

  app.post("/ui/login/select", async (req, reply) => {
    const r = requestOf(req, reply);
    if (!r) return reply;
    const session = activeSessions(r.ctx.core.db, r.ctx.instance.id, deps.userAgentId(req, reply)).find((s) => s.id === r.form.sessionId);
    if (!session) return reply.redirect(`/ui/login/login?authRequest=${encodeURIComponent(r.ar.id)}`, 302);
    return completeAuthRequest(r.ctx, reply, r.ar, session, r.app);
  });

  app.get("/ui/login/register", async (req, reply) => {
    const r = requestOf(req, reply);
    if (!r) return reply;
    const { lang, t } = page(req, r.ar);
    return html(reply, 200, registerPage(t, lang, r.ar.id));
  });

  app.post("/ui/login/register", async (req, reply) => {
    const r = requestOf(req, reply);
    if (!r) return reply;
    const { lang, t } = page(req, r.ar);
    const f = r.form;
    const missing = ["firstName", "lastName", "email", "loginName", "password"].find((k) => !f[k]?.trim());
    const problem = missing
      ? `${missing} is required`
      : !/^[^\s@]+@[^\s@]+$/.test(f.email!)
        ? "email is not an email address"
        : f.password!.length < 8
          ? "the password needs at least 8 characters"
          : findUserByLoginName(r.ctx.core, r.ctx.instance.id, f.loginName!)
            ? `${f.loginName} is taken`
            : undefined;
    if (problem) return html(reply, 400, registerPage(t, lang, r.ar.id, problem));
    const actor = { instanceId: r.ctx.instance.id, userId: "ANONYMOUS", origin: "oidc" as const };
    const user = createHuman(r.ctx.core, actor, r.app.orgId, {
      username: f.loginName!.trim(),
      firstName: f.firstName!.trim(),
      lastName: f.lastName!.trim(),
      email: f.email!.trim(),
      emailVerified: false,
      password: f.password!,
    });
    return signIn(req, reply, r, user, ["pwd"]);
  });
}
