// SvcIdentityProviders: GitLab IDPs as reusable resources; state and parent reported for the asking
// context; search over the context, what it inherits and what its child contexts define.

import type { MessageInitShape } from "@bufbuild/protobuf";
import { contextChain, type Context } from "../../domain/context/context.js";
import { changeIdp, createIdp, foundIdp, removeIdp } from "../../domain/idp/commands.js";
import { sameContext, type Idp, type Policy } from "../../domain/idp/idp.js";
import { effectiveState, getIdp, policyIn, searchIdps, seenFrom, type IdpFilter } from "../../domain/idp/queries.js";
import {
  IDPFieldName,
  ProviderType,
  SvcIdentityProviders,
  type GetGitLabIDPSchema,
  type IDPSearchFilter,
  type Options,
} from "../../gen/svc/resources/idp/v3alpha/idp_service_pb.js";
import { State, StatePolicy } from "../../gen/svc/resources/object/v3alpha/object_pb.js";
import { listDetails, pageOf, timestamp } from "../details.js";
import { authorizeContext, ownerOf, requestContext } from "../context-access.js";
import { actorOf, defineService, type RpcCall, type ServiceDefinition } from "../rpc.js";
import { textMatch } from "../text-filter.js";

const POLICIES: Record<StatePolicy, Policy | undefined> = {
  [StatePolicy.UNSPECIFIED]: undefined,
  [StatePolicy.ACTIVATE]: "activate",
  [StatePolicy.DEACTIVATE]: "deactivate",
  [StatePolicy.INHERIT]: "inherit",
};
const toState = (s: "active" | "inactive") => (s === "active" ? State.EFFECTIVE_STATE_ACTIVE : State.EFFECTIVE_STATE_INACTIVE);
const optionsOf = (o: Options | undefined): Idp["options"] => ({
  isLinkingAllowed: o?.isLinkingAllowed ?? false,
  isCreationAllowed: o?.isCreationAllowed ?? false,
  isAutoCreation: o?.isAutoCreation ?? false,
  isAutoUpdate: o?.isAutoUpdate ?? false,
  autoLinking: o?.autoLinking ?? 0,
});

/** An IDP as the asking context sees it; contexts below the owner see their state and the parent's. */
function view(call: RpcCall, idp: Idp, asking: Context) {
  const visible = seenFrom(idp, asking);
  const owning = sameContext(visible, idp.owner);
  const policy = owning
    ? idp.ownState === "active"
      ? StatePolicy.ACTIVATE
      : StatePolicy.DEACTIVATE
    : { activate: StatePolicy.ACTIVATE, deactivate: StatePolicy.DEACTIVATE, inherit: StatePolicy.INHERIT }[policyIn(call.core.db, idp, visible)];
  const parent = owning ? undefined : contextChain(visible)[1]!;
  return {
    details: { id: idp.id, sequence: BigInt(idp.sequence), changeDate: timestamp(idp.changedAt), resourceOwner: ownerOf(idp.owner) },
    ...(parent ? { parent: { parent: ownerOf(parent), state: toState(effectiveState(call.core.db, idp, parent)) } } : {}),
    state: toState(effectiveState(call.core.db, idp, visible)),
    type: ProviderType.GITLAB,
    idp: { name: idp.name, statePolicy: policy, options: idp.options },
  };
}

function gitlabView(call: RpcCall, idp: Idp, asking: Context): MessageInitShape<typeof GetGitLabIDPSchema> {
  const v = view(call, idp, asking);
  return { ...v, idp: { idp: v.idp, config: idp.config } };
}

const requireWrite = (call: RpcCall, ctx: Context) => authorizeContext(call, ctx, "change identity providers");

/**
 * The asking context of a request on one IDP (spec "Reusable resources" 2: an id request needs no
 * context): the request's `ctx` when given, else the IDP's own owner; the Host's instance when the
 * IDP is not there (the request then answers NotFound).
 */
function askingContext(call: RpcCall, id: string, ctx: Parameters<typeof requestContext>[1]): Context {
  if (ctx) return requestContext(call, ctx);
  const idp = getIdp(call.core.db, call.instance.id, id);
  return idp && (idp.owner.type === "system" || idp.instanceId === call.instance.id) ? idp.owner : requestContext(call, undefined);
}

/**
 * The asking context of a read (Get): as askingContext, except that a system IDP read without `ctx` is
 * seen by the instance of the Host (spec: "When no context is given, the context is the instance
 * discovered from the Host header"), as `ctx.instance_id` of that instance sees it: the system as its
 * parent, the instance's policy and state. An instance's or org's IDP stays read in its owner's context
 * (an instance sees its orgs' IDPs as their owners do), and Patch and Delete act on the owner.
 */
function readingContext(call: RpcCall, id: string, ctx: Parameters<typeof requestContext>[1]): Context {
  const asking = askingContext(call, id, ctx);
  return !ctx && asking.type === "system" ? requestContext(call, undefined) : asking;
}

const STATES: Partial<Record<State, "active" | "inactive">> = { [State.EFFECTIVE_STATE_ACTIVE]: "active", [State.EFFECTIVE_STATE_INACTIVE]: "inactive" };

function filterOf(f: IDPSearchFilter): IdpFilter[] {
  const v = f.filter;
  if (v.case === "id") return [{ id: v.value.id }];
  if (v.case === "name") return [{ name: textMatch(v.value.name, v.value.method) }];
  if (v.case === "state") return [{ state: STATES[v.value.state] }];
  return [];
}

export function identityProvidersService(): ServiceDefinition {
  return defineService(SvcIdentityProviders, "multitenancy_resources_api", {
    createGitLabIDP(req, call) {
      const ctx = requestContext(call, req.ctx);
      requireWrite(call, ctx);
      const g = req.idp!;
      const e = createIdp(call.core, actorOf(call), ctx, {
        name: g.idp!.name,
        config: { clientId: g.config?.clientId ?? "", scopes: g.config?.scopes ?? [] },
        options: optionsOf(g.idp!.options),
        policy: POLICIES[g.idp!.statePolicy] ?? "activate",
      });
      return { details: view(call, getIdp(call.core.db, call.instance.id, e.aggregateId)!, ctx).details };
    },
    patchGitLabIDP(req, call) {
      const ctx = askingContext(call, req.id, req.ctx);
      // Found before the check, as the product: NotFound for what is not there, then PermissionDenied.
      foundIdp(call.core, req.id, ctx);
      requireWrite(call, ctx);
      const p = req.idp!;
      changeIdp(call.core, actorOf(call), req.id, ctx, {
        name: p.idp?.name,
        options: p.idp?.options ? optionsOf(p.idp.options) : undefined,
        policy: p.idp?.statePolicy === undefined ? undefined : POLICIES[p.idp.statePolicy],
        config: p.config ? { clientId: p.config.clientId, ...(p.config.scopes.length ? { scopes: p.config.scopes } : {}) } : undefined,
      });
      return { details: view(call, foundIdp(call.core, req.id, ctx), ctx).details };
    },
    getGitLabIDP(req, call) {
      const ctx = readingContext(call, req.id, req.ctx);
      const idp = foundIdp(call.core, req.id, ctx);
      authorizeContext(call, ctx, "read identity providers");
      return { idp: gitlabView(call, idp, ctx) };
    },
    deleteIDP(req, call) {
      const owner = askingContext(call, req.id, undefined);
      foundIdp(call.core, req.id, owner);
      authorizeContext(call, owner, "delete identity providers");
      const e = removeIdp(call.core, actorOf(call), req.id, owner);
      return { details: { id: req.id, sequence: BigInt(e.aggregateSequence), changeDate: timestamp(e.createdAt), resourceOwner: ownerOf(owner) } };
    },
    searchIDPs(req, call) {
      const ctx = requestContext(call, req.ctx);
      authorizeContext(call, ctx, "read identity providers");
      const page = pageOf(req.query);
      const { total, idps } = searchIdps(call.core.db, ctx, req.filters.flatMap(filterOf), page, req.sortingColumn === IDPFieldName.IDP_FIELD_NAME_NAME);
      return {
        details: listDetails(call.core, call.instance.id, page, total, idps.length),
        sortingColumn: req.sortingColumn,
        result: idps.map((idp) => view(call, idp, ctx)),
      };
    },
  });
}
