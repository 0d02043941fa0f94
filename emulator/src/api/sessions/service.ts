// SvcSessions: login sessions; created with checks as a custom login UI would, ended by deletion
// (which revokes their tokens).

import type { MessageInitShape } from "@bufbuild/protobuf";
import { getUser, loginName } from "../../domain/user/queries.js";
import { SvcSessions, type SessionSchema } from "../../gen/svc/resources/session/v3alpha/session_service_pb.js";
import { findUserByLoginName, passwordMatches } from "../../oidc/login/find-user.js";
import { addLoginSession, terminateLoginSessions } from "../../domain/login-session/commands.js";
import { newUserAgentId, type LoginSession } from "../../domain/login-session/login-session.js";
import { getLoginSession, loginSessionSequence, searchLoginSessions, type LoginSessionFilter } from "../../domain/login-session/queries.js";
import { Code, SvcError, notFound } from "../../kernel/errors.js";
import { authorize, readablePredicate } from "../authorization.js";
import { instanceResourceDetails, listDetails, pageOf, timestamp } from "../details.js";
import { actorOf, defineService, type RpcCall, type ServiceDefinition } from "../rpc.js";

function sessionMessage(call: RpcCall, s: LoginSession): MessageInitShape<typeof SessionSchema> {
  const user = getUser(call.core.db, call.instance.id, s.userId);
  return {
    details: instanceResourceDetails(s.id, s.instanceId, loginSessionSequence(call.core.db, s.instanceId, s.id), s.terminatedAt ?? s.authTime),
    userId: s.userId,
    loginName: user ? loginName(call.core, user) : "",
    authTime: timestamp(s.authTime),
    amr: s.amr,
    ...(s.terminatedAt ? { terminatedAt: timestamp(s.terminatedAt) } : {}),
  };
}

/** A session is where its user is: the user's org. */
const sessionTarget = (call: RpcCall, s: LoginSession) => ({ orgId: getUser(call.core.db, call.instance.id, s.userId)?.orgId });

/** The session, found, after checking the rpc's permission in its user's org. */
function found(call: RpcCall, id: string): LoginSession {
  const s = getLoginSession(call.core.db, call.instance.id, id);
  if (!s || s.instanceId !== call.instance.id) throw notFound("SESSION-not-found", "Session not found");
  authorize(call, sessionTarget(call, s));
  return s;
}

export function sessionsService(): ServiceDefinition {
  return defineService(SvcSessions, "multitenancy_resources_api", {
    async createSession(req, call) {
      const u = req.checks!.user!.search;
      const user = u.case === "userId" ? getUser(call.core.db, call.instance.id, u.value) : findUserByLoginName(call.core, call.instance.id, u.value!);
      if (!user || user.instanceId !== call.instance.id || user.type !== "human") throw notFound("USER-not-found", "User could not be found");
      authorize(call, { orgId: user.orgId });
      const password = req.checks!.password;
      if (password && !(await passwordMatches(call.core, user, password.password)))
        throw new SvcError(Code.InvalidArgument, "SESSION-password-invalid", "Password is invalid");
      // The session is its user's: its event names the user as creator, whoever asked for it.
      const session = addLoginSession(
        call.core,
        { instanceId: call.instance.id, userId: user.id, origin: "api" },
        newUserAgentId(),
        user.id,
        password ? ["pwd"] : [],
      );
      return { details: sessionMessage(call, session).details };
    },
    getSession(req, call) {
      return { session: sessionMessage(call, found(call, req.id)) };
    },
    deleteSession(req, call) {
      const s = found(call, req.id);
      const actor = actorOf(call);
      const events = terminateLoginSessions(call.core, [{ session: s, actor }]);
      return {
        details: instanceResourceDetails(
          s.id,
          s.instanceId,
          loginSessionSequence(call.core.db, s.instanceId, s.id),
          events[0]?.createdAt ?? s.terminatedAt ?? s.authTime,
        ),
      };
    },
    searchSessions(req, call) {
      const page = pageOf(req.query);
      const readable = readablePredicate(call);
      const filters = req.filters.flatMap((f): LoginSessionFilter[] =>
        f.filter.case === "userId" ? [{ userId: f.filter.value.id }] : f.filter.case === "active" ? [{ active: f.filter.value.active }] : [],
      );
      const sessions = searchLoginSessions(call.core.db, call.instance.id, filters, page.asc).filter((s) => readable(sessionTarget(call, s)));
      const rows = sessions.slice(page.offset, page.offset + page.limit);
      return { details: listDetails(call.core, call.instance.id, page, sessions.length, rows.length), result: rows.map((s) => sessionMessage(call, s)) };
    },
  });
}
