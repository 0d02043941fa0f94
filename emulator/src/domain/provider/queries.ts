// Reads of providers: the active one of a channel (for the notifier), one by id, and the paged
// search of SearchSMTPProviders / SearchSMSProviders.

import type { Database } from "../../store/database.js";
import { pagedSearch, type PageRequest } from "../../store/paged-search.js";
import { providerFromRow, type Channel, type Provider, type ProviderRow } from "./provider.js";

export function activeProvider(db: Database, instanceId: string, channel: Channel): Provider | undefined {
  const r = db.stmt("SELECT * FROM message_providers WHERE instance_id = ? AND channel = ? AND active = 1").get(instanceId, channel) as ProviderRow | undefined;
  return r && providerFromRow(r);
}

export function getProvider(db: Database, instanceId: string, channel: Channel, id: string): Provider | undefined {
  const r = db.stmt("SELECT * FROM message_providers WHERE id = ? AND instance_id = ? AND channel = ?").get(id, instanceId, channel) as ProviderRow | undefined;
  return r && providerFromRow(r);
}

/** The providers of one channel, all or only the (in)active ones, one page. */
export function searchProviders(
  db: Database,
  instanceId: string,
  channel: Channel,
  filters: { active: boolean }[],
  page: PageRequest,
): { total: number; providers: Provider[] } {
  const where = ["instance_id = ?", "channel = ?"];
  const args: unknown[] = [instanceId, channel];
  for (const f of filters) where.push("active = ?"), args.push(f.active ? 1 : 0);
  const { total, rows } = pagedSearch<ProviderRow>(db, "message_providers", where, args, "created_at", page);
  return { total, providers: rows.map(providerFromRow) };
}
