// Instances: the tenants of the emulator, found by the Host header among their domains. Each has
// feature flags (spec "Feature flags"); multitenancy_resources_api and multitenancy_settings are on
// by default in the emulator. The model; reads in queries.ts, writes in commands.ts.

export const FEATURES = ["multitenancy_resources_api", "multitenancy_settings", "oidc_token_exchange", "impersonation"] as const;
export type Feature = (typeof FEATURES)[number];
export type Features = Record<Feature, boolean>;
/** The resource and settings APIs are on; token exchange and impersonation off, as in the product. */
export const DEFAULT_FEATURES: Features = { multitenancy_resources_api: true, multitenancy_settings: true, oidc_token_exchange: false, impersonation: false };

export interface Instance {
  id: string;
  name: string;
  isDefault: boolean;
  domains: string[];
  features: Features;
  blocked: boolean;
  auditLogRetentionMs: number | null;
  changedAt: string;
  sequence: number;
}

export interface InstanceRow {
  id: string;
  name: string;
  is_default: number;
  features: string;
  blocked: number;
  audit_log_retention_ms: number | null;
  changed_at: string;
  sequence: number;
}
