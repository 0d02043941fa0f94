// Every projection of the emulator, registered in one place.

import { Projections } from "../store/projections.js";
import { registerInstanceProjection } from "./instance/instance.js";
import { registerOrgProjection } from "./org/org.js";
import { registerMachineKeyProjection, registerUserProjection } from "./user/user.js";
import { registerPatProjection } from "./user/personal-access-token.js";
import { registerMembershipProjection } from "./membership/membership.js";
import { registerTargetProjection } from "./target/projection.js";
import { registerExecutionProjection } from "./execution/projection.js";
import { registerProjectProjection } from "./project/project.js";
import { registerAppProjection } from "./app/app.js";
import { registerUserGrantProjection } from "./user-grant/user-grant.js";
import { registerSigningKeyProjection } from "./signing-key/projection.js";
import { registerTokenProjection } from "./token/projection.js";
import { registerAuthRequestProjection } from "./auth-request/projection.js";
import { registerLoginSessionProjection } from "./login-session/projection.js";
import { registerDeviceAuthorizationProjection } from "./device-authorization/projection.js";
import { registerSettingsProjection } from "./settings/settings.js";
import { registerIdpProjection } from "./idp/idp.js";
import { registerOrgDomainProjection } from "./org/domains.js";
import { registerProviderProjection } from "./provider/provider.js";
import { registerProjectGrantProjection } from "./project/grants.js";
import { registerUserSchemaProjection } from "./userschema/user-schema.js";

export function allProjections(): Projections {
  const p = new Projections();
  registerInstanceProjection(p);
  registerOrgProjection(p);
  registerUserProjection(p);
  registerMachineKeyProjection(p);
  registerPatProjection(p);
  registerMembershipProjection(p);
  registerTargetProjection(p);
  registerExecutionProjection(p);
  registerProjectProjection(p);
  registerAppProjection(p);
  registerUserGrantProjection(p);
  registerSigningKeyProjection(p);
  registerTokenProjection(p);
  registerAuthRequestProjection(p);
  registerLoginSessionProjection(p);
  registerDeviceAuthorizationProjection(p);
  registerSettingsProjection(p, ["language"]);
  registerIdpProjection(p);
  registerOrgDomainProjection(p);
  registerProviderProjection(p);
  registerProjectGrantProjection(p);
  registerUserSchemaProjection(p);
  return p;
}
