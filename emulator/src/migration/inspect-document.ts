// What an import document holds, for `svc-emulator inspect` and the UI (issue 12): per org the count
// of each list, which secrets the file carries, and what the import engine accepts but does not
// carry over (the emulator keeps no such objects: docs/behaviour.md "Org import"). Works on the raw
// document, so a file that does not validate can still be summarised; validation is validateImport's.

import { CARRIED_FIELDS } from "./import-ids.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Parts of a human user the engine skips. */
const SKIPPED_USER_FIELDS = ["otpCode", "passwordChangeRequired", "requestPasswordlessRegistration", "idps"];

export interface OrgSummary {
  orgId: string;
  name: string;
  /** Items per list field present in the file (lowerCamel names), carried or not. */
  counts: Record<string, number>;
  /** Secrets by kind: password hashes per algorithm (`hashedPassword:bcrypt`), plain passwords, OTP secrets, IDP client secrets. */
  secrets: Record<string, number>;
  /** Fields present in the file that the import does not carry over, with how many items (1 for a single message). */
  notCarried: Record<string, number>;
}

const add = (m: Record<string, number>, k: string, n = 1) => {
  m[k] = (m[k] ?? 0) + n;
};

/** The algorithm of a Modular Crypt Format hash, as its identifier names it. */
function hashAlgorithm(hash: string): string {
  if (/^\$2[aby]\$/.test(hash)) return "bcrypt";
  const id = /^\$([a-z0-9-]+)\$/i.exec(hash)?.[1];
  return id === "1" ? "md5-crypt" : (id ?? "unknown");
}

function userSecrets(users: unknown[], org: OrgSummary): void {
  for (const u of users) {
    const user = isObj(u) && isObj(u.user) ? u.user : {};
    const hashed = isObj(user.hashedPassword) ? user.hashedPassword.value : undefined;
    if (typeof hashed === "string" && hashed) add(org.secrets, `hashedPassword:${hashAlgorithm(hashed)}`);
    if (typeof user.password === "string" && user.password) add(org.secrets, "password");
    const otp = user.otpCode ?? user.otp_code;
    if (typeof otp === "string" && otp) add(org.secrets, "otpCode");
    for (const f of SKIPPED_USER_FIELDS) {
      const v = user[f];
      if (v !== undefined && v !== false && v !== "" && !(Array.isArray(v) && !v.length)) add(org.notCarried, `humanUsers.user.${f}`);
    }
  }
}

/** Summarises each org of a `{orgs:[…]}` document; anything that is not an org object is skipped. */
export function summariseDocument(document: unknown): OrgSummary[] {
  const orgs = isObj(document) && Array.isArray(document.orgs) ? document.orgs : [];
  return orgs.filter(isObj).map((raw) => {
    const org: OrgSummary = { orgId: "", name: "", counts: {}, secrets: {}, notCarried: {} };
    for (const [rawName, value] of Object.entries(raw)) {
      const name = camel(rawName);
      if (name === "orgId") org.orgId = typeof value === "string" ? value : "";
      else if (name === "org") org.name = isObj(value) && typeof value.name === "string" ? value.name : "";
      const n = Array.isArray(value) ? value.length : value === undefined || value === null ? 0 : 1;
      if (Array.isArray(value)) org.counts[name] = n;
      if (!(CARRIED_FIELDS as readonly string[]).includes(name) && n) add(org.notCarried, name, n);
      if (name === "humanUsers" && Array.isArray(value)) userSecrets(value, org);
      if (name === "oidcIdps" && Array.isArray(value))
        for (const i of value) if (isObj(i) && isObj(i.idp) && (i.idp.clientSecret || i.idp.client_secret)) add(org.secrets, "oidcIdps.clientSecret");
    }
    return org;
  });
}
