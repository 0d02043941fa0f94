// SvcLanguageSettings, behind the multitenancy_settings flag: SetLanguages and ResolveLanguages in
// the context of the request (spec "Language settings"). Reading needs a signed-in user of the
// instance; writing needs `policy.write` in the context (api/context-access.ts).

import type { MessageInitShape } from "@bufbuild/protobuf";
import type { Context } from "../../domain/context/context.js";
import { authorizeContext, ownerOf, requestContext } from "../context-access.js";
import { setLanguages } from "../../domain/settings/commands.js";
import { SUPPORTED_LANGUAGES } from "../../domain/settings/language.js";
import { languageDetails, resolveLanguages } from "../../domain/settings/queries.js";
import { OwnerType } from "../../gen/svc/object/v3alpha/object_pb.js";
import type { DetailsSchema } from "../../gen/svc/settings/object/v3alpha/object_pb.js";
import { SvcLanguageSettings } from "../../gen/svc/settings/language/v3alpha/language_service_pb.js";
import { timestamp } from "../details.js";
import { actorOf, defineService, type RpcCall, type ServiceDefinition } from "../rpc.js";

function details(call: RpcCall, ctx: Context): MessageInitShape<typeof DetailsSchema> {
  const last = languageDetails(call.core, ctx);
  return { sequence: BigInt(last?.sequence ?? 0), ...(last ? { changeDate: timestamp(last.changedAt) } : {}), owner: ownerOf(ctx) };
}

const inherited = (asking: Context, owner: Context) => (owner.type === asking.type && owner.id === asking.id ? {} : { owner: ownerOf(owner) });

export function languageSettingsService(): ServiceDefinition {
  return defineService(SvcLanguageSettings, "multitenancy_settings", {
    setLanguages(req, call) {
      const ctx = requestContext(call, req.ctx);
      authorizeContext(call, ctx, "change the settings", "policy.write");
      const s = req.settings;
      setLanguages(call.core, actorOf(call), ctx, {
        defaultLanguage: s?.resetDefaultLanguage ? null : s?.defaultLanguage?.key,
        restrictedLanguages: s?.resetRestrictedLanguages ? null : s?.restrictedLanguages?.languages.map((l) => l.key),
      });
      return { details: details(call, ctx) };
    },
    resolveLanguages(req, call) {
      const ctx = requestContext(call, req.ctx);
      const r = resolveLanguages(call.core, ctx);
      return {
        details: details(call, ctx),
        settings: {
          defaultLanguage: { value: r.defaultLanguage.value, ...inherited(ctx, r.defaultLanguage.owner) },
          restrictedLanguages: { value: r.restrictedLanguages.value.map((key) => ({ key })), ...inherited(ctx, r.restrictedLanguages.owner) },
          supportedLanguages: { value: SUPPORTED_LANGUAGES.map((key) => ({ key })), owner: { type: OwnerType.SYSTEM, id: "SYSTEM" } },
        },
      };
    },
  });
}
