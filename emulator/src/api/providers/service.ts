// SvcSMTPProviders and SvcSMSProviders: one shape, two channels; secrets are never returned.

import { addProvider, changeProvider, foundProvider, removeProvider, setProviderActive } from "../../domain/provider/commands.js";
import type { Provider } from "../../domain/provider/provider.js";
import { searchProviders } from "../../domain/provider/queries.js";
import { SvcSMSProviders } from "../../gen/svc/resources/sms/v3alpha/sms_service_pb.js";
import { SvcSMTPProviders } from "../../gen/svc/resources/smtp/v3alpha/smtp_service_pb.js";
import { instanceResourceDetails, listDetails, pageOf } from "../details.js";
import { actorOf, defineService, type RpcCall, type ServiceDefinition } from "../rpc.js";

const details = (p: Provider) => instanceResourceDetails(p.id, p.instanceId, p.sequence, p.changedAt);

function smtpView(p: Provider) {
  const { password: _secret, ...config } = p.config as Record<string, unknown>;
  return { details: details(p), provider: config, active: p.active };
}

function smsView(p: Provider) {
  const c = p.config as { description?: string; twilio?: { sid: string; senderNumber: string }; http?: { endpoint: string } };
  const config = c.twilio
    ? { case: "twilio" as const, value: { sid: c.twilio.sid, senderNumber: c.twilio.senderNumber } }
    : { case: "http" as const, value: { endpoint: c.http?.endpoint ?? "" } };
  return { details: details(p), provider: { description: c.description ?? "", config }, active: p.active };
}

/** The request's filters as the query's (only `active` exists). */
const filtersOf = (filters: { filter: { case?: string; value?: unknown } }[]) =>
  filters.flatMap((f) => (f.filter.case === "active" ? [{ active: (f.filter.value as { active: boolean }).active }] : []));

/** The standard CRUD and activation of one channel, keyed by the rpcs' local names. */
function handlers(channel: "smtp" | "sms", name: "SMTP" | "SMS", view: (p: Provider) => unknown, configOf: (req: never) => Record<string, unknown>) {
  const found = (call: RpcCall, id: string) => foundProvider(call.core, actorOf(call), channel, id);
  const state = (call: RpcCall, id: string) => ({ details: details(found(call, id)) });
  return {
    [`create${name}Provider`]: (req: { provider: never }, call: RpcCall) => ({
      details: details(found(call, addProvider(call.core, actorOf(call), channel, configOf(req.provider)).aggregateId)),
    }),
    [`patch${name}Provider`]: (req: { id: string; provider: Record<string, unknown> }, call: RpcCall) => {
      const { $typeName: _t, ...patch } = req.provider;
      changeProvider(call.core, actorOf(call), channel, req.id, patch);
      return state(call, req.id);
    },
    [`delete${name}Provider`]: (req: { id: string }, call: RpcCall) => {
      const p = found(call, req.id);
      const e = removeProvider(call.core, actorOf(call), channel, req.id);
      return { details: instanceResourceDetails(p.id, p.instanceId, e.aggregateSequence, e.createdAt) };
    },
    [`get${name}Provider`]: (req: { id: string }, call: RpcCall) => ({ provider: view(found(call, req.id)) }),
    [`search${name}Providers`]: (req: { query: never; filters: never[] }, call: RpcCall) => {
      const page = pageOf(req.query);
      const { total, providers } = searchProviders(call.core.db, call.instance.id, channel, filtersOf(req.filters), page);
      return { details: listDetails(call.core, call.instance.id, page, total, providers.length), result: providers.map(view) };
    },
    [`activate${name}Provider`]: (req: { id: string }, call: RpcCall) => (
      setProviderActive(call.core, actorOf(call), channel, req.id, true), state(call, req.id)
    ),
    [`deactivate${name}Provider`]: (req: { id: string }, call: RpcCall) => (
      setProviderActive(call.core, actorOf(call), channel, req.id, false), state(call, req.id)
    ),
  };
}

export function smtpProvidersService(): ServiceDefinition {
  const config = (p: Record<string, unknown>) => {
    const { $typeName: _t, ...rest } = p;
    return rest;
  };
  return defineService(SvcSMTPProviders, "multitenancy_resources_api", handlers("smtp", "SMTP", smtpView, config as never) as never);
}

export function smsProvidersService(): ServiceDefinition {
  const config = (p: { description: string; config: { case: string; value: Record<string, unknown> } }) => {
    const { $typeName: _t, ...value } = p.config.value;
    return { description: p.description, [p.config.case]: value };
  };
  return defineService(SvcSMSProviders, "multitenancy_resources_api", handlers("sms", "SMS", smsView, config as never) as never);
}
