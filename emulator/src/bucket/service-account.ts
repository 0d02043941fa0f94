// The `serviceaccount_json` of the admin export and import (wire-facts 7.1, 7.2): a service
// account key file, base64-encoded. The emulator's bucket store accepts any token, so only the
// shape is checked, and every missing or empty field is named at once, not the first only.

export interface ServiceAccount {
  type: "service_account";
  project_id: string;
  client_email: string;
  private_key: string;
  /** Every field of the file, as given (private_key_id, token_uri, ...), for the storage client. */
  raw: Record<string, unknown>;
}

export class ServiceAccountError extends Error {
  override name = "ServiceAccountError";
}

const REQUIRED = ["type", "client_email", "private_key", "project_id"] as const;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Decodes and checks a base64 service account key; throws ServiceAccountError with a sentence naming what is wrong. */
export function parseServiceAccount(base64: string): ServiceAccount {
  const compact = base64.replace(/\s+/g, "");
  if (compact === "") throw new ServiceAccountError("serviceaccount_json is empty: it must be a service account key file, base64-encoded");
  if (!BASE64.test(compact) || compact.length % 4 === 1) throw new ServiceAccountError("serviceaccount_json is not valid base64");
  const text = Buffer.from(compact, "base64").toString("utf8");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new ServiceAccountError(`serviceaccount_json does not hold JSON after base64 decoding: ${(e as Error).message}`);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new ServiceAccountError("serviceaccount_json must hold a JSON object");
  const raw = parsed as Record<string, unknown>;
  const missing = REQUIRED.filter((k) => typeof raw[k] !== "string" || (raw[k] as string).trim() === "");
  if (missing.length > 0) throw new ServiceAccountError(`serviceaccount_json lacks ${missing.join(", ")}`);
  if (raw.type !== "service_account") throw new ServiceAccountError(`serviceaccount_json has type ${JSON.stringify(raw.type)}; it must be "service_account"`);
  if (!(raw.private_key as string).includes("PRIVATE KEY")) throw new ServiceAccountError("serviceaccount_json private_key is not a PEM private key");
  return {
    type: "service_account",
    project_id: raw.project_id as string,
    client_email: raw.client_email as string,
    private_key: raw.private_key as string,
    raw,
  };
}
