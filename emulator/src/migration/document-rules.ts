// The resource API's field rules applied to an import document (issue 24): each field of a DataOrg
// item that means what a field of the resource API means is bound here to that field's descriptor,
// and checked with the rules declared on it in proto/ (kernel/field-rules.ts reads them), so a rule
// has one definition for both ways in. Only the bindings are written here, never a rule. The
// product's extra rules of the import (wire-facts 7.3) stay in validate-import.ts.
//
// Paths are below an item of the part (`orgs[i].<part>[j].<path>`; the org part: `orgs[i].<path>`).
// A path is checked only where its parent is there: a nested message's fields are not checked when
// the message is left out, as in a decoded request (its `required`, if declared, reports it).

import type { DescField } from "@bufbuild/protobuf";
import { APIAppSchema, CreateAPIAppRequestSchema, CreateOIDCAppRequestSchema, OIDCAppSchema } from "../gen/svc/resources/app/v3alpha/app_service_pb.js";
import { DomainSchema } from "../gen/svc/resources/domain/v3alpha/domain_service_pb.js";
import { CreateProjectGrantRequestSchema, ProjectGrantSchema, UserGrantSchema } from "../gen/svc/resources/grant/v3alpha/grant_service_pb.js";
import { MembershipSchema } from "../gen/svc/resources/membership/v3alpha/membership_service_pb.js";
import { CreateOrganizationRequestSchema, OrganizationSchema } from "../gen/svc/resources/org/v3alpha/org_service_pb.js";
import {
  AddProjectRoleRequestSchema,
  CreateProjectRequestSchema,
  ProjectRoleSchema,
  ProjectSchema,
} from "../gen/svc/resources/project/v3alpha/project_service_pb.js";
import {
  CreateHumanUserRequestSchema,
  CreateMachineUserRequestSchema,
  EmailSchema,
  HumanUserSchema,
  MachineUserSchema,
  PhoneSchema,
  ProfileSchema,
} from "../gen/svc/resources/user/v3alpha/user_service_pb.js";
import { fieldValueViolation, type Violation } from "../kernel/field-rules.js";
import { asCheckedUris } from "../kernel/issuer-uri.js";

/**
 * A document path (below an item) and the resource API field whose rules it takes; `read`, where the
 * document may hold more than the resource API takes (an "{issuer}/…" redirect URI), gives the value checked.
 */
type Binding = readonly [path: string, field: DescField, read?: (value: unknown) => unknown];

const membership: readonly Binding[] = [
  ["userId", MembershipSchema.field.userId],
  ["roles", MembershipSchema.field.roles],
];

/** Per part of a DataOrg ("org" for the org's own fields), the bound fields of each item. */
export const DOCUMENT_FIELD_RULES: Readonly<Record<string, readonly Binding[]>> = {
  org: [
    ["org", CreateOrganizationRequestSchema.field.organization],
    ["org.name", OrganizationSchema.field.name],
  ],
  humanUsers: [
    ["user", CreateHumanUserRequestSchema.field.user],
    ["user.userName", HumanUserSchema.field.username],
    ["user.profile", HumanUserSchema.field.profile],
    ["user.profile.firstName", ProfileSchema.field.givenName],
    ["user.profile.lastName", ProfileSchema.field.familyName],
    ["user.profile.nickName", ProfileSchema.field.nickName],
    ["user.profile.displayName", ProfileSchema.field.displayName],
    ["user.profile.preferredLanguage", ProfileSchema.field.preferredLanguage],
    ["user.email", HumanUserSchema.field.email],
    ["user.email.email", EmailSchema.field.email],
    ["user.phone.phone", PhoneSchema.field.phone],
    ["user.password", HumanUserSchema.field.password],
  ],
  machineUsers: [
    ["user", CreateMachineUserRequestSchema.field.user],
    ["user.userName", MachineUserSchema.field.username],
    ["user.name", MachineUserSchema.field.name],
    ["user.description", MachineUserSchema.field.description],
  ],
  projects: [
    ["project", CreateProjectRequestSchema.field.project],
    ["project.name", ProjectSchema.field.name],
  ],
  projectRoles: [
    ["projectId", AddProjectRoleRequestSchema.field.projectId],
    ["roleKey", ProjectRoleSchema.field.key],
    ["displayName", ProjectRoleSchema.field.displayName],
    ["group", ProjectRoleSchema.field.group],
  ],
  oidcApps: [
    ["app", CreateOIDCAppRequestSchema.field.app],
    ["app.projectId", OIDCAppSchema.field.projectId],
    ["app.name", OIDCAppSchema.field.name],
    ["app.redirectUris", OIDCAppSchema.field.redirectUris, asCheckedUris],
    ["app.postLogoutRedirectUris", OIDCAppSchema.field.postLogoutRedirectUris, asCheckedUris],
  ],
  apiApps: [
    ["app", CreateAPIAppRequestSchema.field.app],
    ["app.projectId", APIAppSchema.field.projectId],
    ["app.name", APIAppSchema.field.name],
  ],
  domains: [["domainName", DomainSchema.field.domain]],
  projectGrants: [
    ["projectGrant", CreateProjectGrantRequestSchema.field.grant],
    ["projectGrant.projectId", ProjectGrantSchema.field.projectId],
    ["projectGrant.grantedOrgId", ProjectGrantSchema.field.grantedOrgId],
    ["projectGrant.roleKeys", ProjectGrantSchema.field.roleKeys],
  ],
  userGrants: [
    ["userId", UserGrantSchema.field.userId],
    ["projectId", UserGrantSchema.field.projectId],
    ["roleKeys", UserGrantSchema.field.roleKeys],
  ],
  orgMembers: membership,
  projectMembers: membership,
  projectGrantMembers: membership,
};

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** The value at a dotted path, and whether its parent object is there. */
function at(item: Obj, path: string): { parent: boolean; value: unknown } {
  const parts = path.split(".");
  let node: unknown = item;
  for (const p of parts.slice(0, -1)) node = isObj(node) ? node[p] : undefined;
  return isObj(node) ? { parent: true, value: node[parts.at(-1)!] } : { parent: false, value: undefined };
}

/** Every bound rule an item of `part` breaks (paths below the item; the normalised item: lowerCamel, no nulls). */
export function documentRuleViolations(part: string, item: Obj): Violation[] {
  const out: Violation[] = [];
  for (const [path, field, read] of DOCUMENT_FIELD_RULES[part] ?? []) {
    const { parent, value } = at(item, path);
    const v = parent ? fieldValueViolation(field, read ? read(value) : value, path) : undefined;
    if (v) out.push(v);
  }
  return out;
}
