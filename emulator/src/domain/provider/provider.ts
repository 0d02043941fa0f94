// SMTP and SMS providers of an instance (SvcSMTPProviders, SvcSMSProviders): configuration with
// write-only secrets (the SMTP password, the Twilio token: sealed in the events, store/sealed.ts),
// and at most one active provider per channel. The model, its row mapping and the secrets' places;
// events in events.ts, changes in commands.ts, reads in queries.ts.

export type Channel = "smtp" | "sms";

export interface Provider {
  id: string;
  instanceId: string;
  channel: Channel;
  config: Record<string, unknown>;
  active: boolean;
  changedAt: string;
  sequence: number;
}

export interface ProviderRow {
  id: string;
  instance_id: string;
  channel: Channel;
  config: string;
  active: number;
  changed_at: string;
  sequence: number;
}

export const providerFromRow = (r: ProviderRow): Provider => ({
  id: r.id,
  instanceId: r.instance_id,
  channel: r.channel,
  config: JSON.parse(r.config) as Record<string, unknown>,
  active: r.active === 1,
  changedAt: r.changed_at,
  sequence: r.sequence,
});

/** A provider configuration with its secrets (SMTP `password`, Twilio `token`) passed through `map`. */
export function secretsOf(config: Record<string, unknown>, map: (v: unknown) => unknown): Record<string, unknown> {
  const out = { ...config };
  if (out.password !== undefined) out.password = map(out.password);
  const twilio = out.twilio as Record<string, unknown> | undefined;
  if (twilio?.token !== undefined) out.twilio = { ...twilio, token: map(twilio.token) };
  return out;
}
