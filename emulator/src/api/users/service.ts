// SvcUsers: human and machine users, their tokens, keys and secrets.

import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import {
  addKey,
  addPersonalAccessToken,
  changeUser,
  createHuman,
  createMachine,
  foundUser,
  generateMachineSecret,
  removeUser,
} from "../../domain/user/commands.js";
import { searchUsers, type UserFilter, loginName } from "../../domain/user/queries.js";
import { type User, type UserState as State, userState } from "../../domain/user/user.js";
import {
  AccessTokenType,
  Gender,
  SvcUsers,
  UserState,
  UserType,
  type GetUserSchema,
  type UserSearchFilter,
  type Profile,
} from "../../gen/svc/resources/user/v3alpha/user_service_pb.js";
import { authorize, readableBy } from "../authorization.js";
import { orgResourceDetails, listDetails, pageOf } from "../details.js";
import { orgOfRequest } from "../organization.js";
import { actorOf, defineService, type RpcCall, type ServiceDefinition } from "../rpc.js";
import { textMatch } from "../text-filter.js";

const GENDERS: Record<Gender, string | undefined> = {
  [Gender.UNSPECIFIED]: undefined,
  [Gender.FEMALE]: "female",
  [Gender.MALE]: "male",
  [Gender.DIVERSE]: "diverse",
};
const STATES: Record<State, UserState> = { active: UserState.ACTIVE, locked: UserState.LOCKED, inactive: UserState.INACTIVE };
const genderOf = (g: unknown) => Number(Object.keys(GENDERS).find((k) => GENDERS[Number(k) as Gender] === g) ?? 0) as Gender;

function userMessage(call: RpcCall, u: User): MessageInitShape<typeof GetUserSchema> {
  const d = u.data as Record<string, string | boolean | undefined>;
  const base = { details: orgResourceDetails(u.id, u.orgId, u.sequence, u.changedAt), state: STATES[userState(u)], loginName: loginName(call.core, u) };
  if (u.type === "machine") {
    return {
      ...base,
      type: {
        case: "machine",
        value: {
          username: u.username,
          name: String(d.name),
          description: String(d.description ?? ""),
          accessTokenType: d.accessTokenType === "jwt" ? AccessTokenType.JWT : AccessTokenType.BEARER,
        },
      },
    };
  }
  return {
    ...base,
    type: {
      case: "human",
      value: {
        username: u.username,
        profile: {
          givenName: String(d.firstName),
          familyName: String(d.lastName),
          nickName: String(d.nickName ?? ""),
          displayName: String(d.displayName ?? ""),
          preferredLanguage: String(d.preferredLanguage ?? ""),
          gender: genderOf(d.gender),
        },
        email: { email: String(d.email), isVerified: d.emailVerified === true },
        ...(d.phone ? { phone: { phone: String(d.phone), isVerified: d.phoneVerified === true } } : {}),
      },
    },
  };
}

/** The request's filters as the query's, in the order given. */
function filtersOf(filters: UserSearchFilter[]): UserFilter[] {
  return filters.flatMap((f): UserFilter[] => {
    const v = f.filter;
    if (v.case === "username") return [{ username: textMatch(v.value.username, v.value.method) }];
    if (v.case === "email") return [{ email: textMatch(v.value.email, v.value.method) }];
    if (v.case === "type") return [{ type: v.value.type === UserType.MACHINE ? "machine" : "human" }];
    if (v.case === "organizationId") return [{ orgId: v.value.id }];
    if (v.case === "inIds") return [{ ids: v.value.ids }];
    return [];
  });
}

const detailsOf = (call: RpcCall, id: string) => userMessage(call, foundUser(call.core, actorOf(call), id)).details;

/** The user, found, after checking the rpc's permission in the user's org. */
function checkedUser(call: RpcCall, id: string): User {
  const u = foundUser(call.core, actorOf(call), id);
  authorize(call, { orgId: u.orgId });
  return u;
}

/** The org a new user goes to, after checking the rpc's permission there. */
function checkedOrg(call: RpcCall, org: Parameters<typeof orgOfRequest>[1]): string {
  const orgId = orgOfRequest(call, org);
  authorize(call, { orgId });
  return orgId;
}

/** A request's human profile as the user commands name its fields. */
function profileFields(p: Profile) {
  return {
    firstName: p.givenName,
    lastName: p.familyName,
    nickName: p.nickName,
    displayName: p.displayName,
    preferredLanguage: p.preferredLanguage,
    gender: GENDERS[p.gender],
  };
}

export function usersService(): ServiceDefinition {
  return defineService(SvcUsers, "multitenancy_resources_api", {
    createHumanUser(req, call) {
      const u = req.user!;
      const p = u.profile!;
      const created = createHuman(call.core, actorOf(call), checkedOrg(call, req.organization), {
        username: u.username,
        ...profileFields(p),
        email: u.email!.email,
        emailVerified: u.email!.isVerified,
        phone: u.phone?.phone,
        phoneVerified: u.phone?.isVerified,
        ...(u.password ? { password: u.password } : {}),
      });
      return { details: userMessage(call, created).details };
    },
    createMachineUser(req, call) {
      const u = req.user!;
      const created = createMachine(call.core, actorOf(call), checkedOrg(call, req.organization), {
        username: u.username,
        name: u.name,
        description: u.description,
        accessTokenType: u.accessTokenType === AccessTokenType.JWT ? "jwt" : "opaque",
      });
      return { details: userMessage(call, created).details };
    },
    patchHumanUser(req, call) {
      const u = req.user!;
      const p = u.profile;
      checkedUser(call, req.id);
      changeUser(call.core, actorOf(call), req.id, "human", {
        username: u.username,
        ...(p ? profileFields(p) : {}),
        ...(u.email ? { email: u.email.email, emailVerified: u.email.isVerified } : {}),
        ...(u.phone ? { phone: u.phone.phone, phoneVerified: u.phone.isVerified } : {}),
        password: u.password,
      });
      return { details: detailsOf(call, req.id) };
    },
    patchMachineUser(req, call) {
      const u = req.user!;
      checkedUser(call, req.id);
      changeUser(call.core, actorOf(call), req.id, "machine", {
        username: u.username,
        name: u.name,
        description: u.description,
        accessTokenType: u.accessTokenType === undefined ? undefined : u.accessTokenType === AccessTokenType.JWT ? "jwt" : "opaque",
      });
      return { details: detailsOf(call, req.id) };
    },
    getUser(req, call) {
      return { user: userMessage(call, checkedUser(call, req.id)) };
    },
    deleteUser(req, call) {
      const u = checkedUser(call, req.id);
      const e = removeUser(call.core, actorOf(call), req.id);
      return { details: orgResourceDetails(req.id, u.orgId, e.aggregateSequence, e.createdAt) };
    },
    searchUsers(req, call) {
      const page = pageOf(req.query);
      const { total, users } = searchUsers(call.core.db, call.instance.id, readableBy(call), filtersOf(req.filters), page);
      return { details: listDetails(call.core, call.instance.id, page, total, users.length), result: users.map((u) => userMessage(call, u)) };
    },
    addPersonalAccessToken(req, call) {
      checkedUser(call, req.userId);
      const expiresAt = req.token?.expirationDate ? timestampDate(req.token.expirationDate).toISOString() : undefined;
      const { token, tokenId, user } = addPersonalAccessToken(call.core, actorOf(call), req.userId, { expiresAt });
      return { details: userMessage(call, user).details, tokenId, token };
    },
    addMachineKey(req, call) {
      checkedUser(call, req.userId);
      const { keyId, keyDetails } = addKey(call.core, actorOf(call), req.userId, req.key?.publicKey);
      return { details: detailsOf(call, req.userId), keyId, ...(keyDetails ? { keyDetails } : {}) };
    },
    generateMachineSecret(req, call) {
      checkedUser(call, req.id);
      const { secret } = generateMachineSecret(call.core, actorOf(call), req.id);
      const user = foundUser(call.core, actorOf(call), req.id);
      return { details: userMessage(call, user).details, clientId: user.username, clientSecret: secret };
    },
  });
}
