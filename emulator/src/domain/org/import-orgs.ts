// PLACEHOLDER, only so that the admin API's ImportData compiles on this branch: the import engine
// is written on the branch i12-import-engine, whose version of this file replaces this one. Same
// signature as agreed in issue 12; every call answers Unimplemented.

import type { Actor } from "../../store/event.js";
import type { Core } from "../core.js";
import { Code, SvcError } from "../../kernel/errors.js";

export interface ImportOptions {
  bestEffort?: boolean;
  dryRun?: boolean;
  /** A Date.now() deadline, independent of the emulator's clock. */
  deadlineMs?: number;
}

/** type and id as the product formats them (wire-facts 7.4); path into the document. */
export interface ImportError {
  type: string;
  id: string;
  message: string;
  path: string;
}

export interface ImportSuccessOrg {
  orgId: string;
  projectIds: string[];
  projectRoles: string[];
  oidcAppIds: string[];
  apiAppIds: string[];
  humanUserIds: string[];
  machineUserIds: string[];
  projectGrants: { grantId: string; projectId: string; orgId: string }[];
  userGrants: { projectId: string; userId: string }[];
  orgMembers: string[];
  projectMembers: { projectId: string; userId: string }[];
  projectGrantMembers: { projectId: string; grantId: string; userId: string }[];
  userMetadata: { userId: string; key: string }[];
  domains: string[];
  appKeys: string[];
  machineKeys: string[];
}

export interface ImportResult {
  errors: ImportError[];
  success: { orgs: ImportSuccessOrg[] };
}

/** `document`: the proto3 JSON (lowerCamel) of ImportDataOrg, { orgs: DataOrg[] }, already parsed. */
export function importOrgs(_core: Core, _actor: Actor, _document: unknown, _opts: ImportOptions = {}): ImportResult {
  throw new SvcError(Code.Unimplemented, "IMPORT-unimplemented", "the org import engine is not on this branch yet");
}
