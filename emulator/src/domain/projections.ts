// Every projection of the emulator, registered in one place.

import { Projections } from "../store/projections.js";
import { registerInstanceProjection } from "./instance/projection.js";
import { registerOrgDomainProjection, registerOrgProjection } from "./org/projection.js";
import { registerMachineKeyProjection, registerPatProjection, registerUserProjection } from "./user/projection.js";
import { registerMembershipProjection } from "./membership/projection.js";
import { registerTargetProjection } from "./target/projection.js";
import { registerExecutionProjection } from "./execution/projection.js";
import { registerProjectProjection } from "./project/projection.js";
import { registerAppProjection } from "./app/projection.js";
import { registerUserGrantProjection } from "./user-grant/projection.js";
import { registerSigningKeyProjection } from "./signing-key/projection.js";
import { registerTokenProjection } from "./token/projection.js";
import { registerAuthRequestProjection } from "./auth-request/projection.js";
import { registerLoginSessionProjection } from "./login-session/projection.js";
import { registerDeviceAuthorizationProjection } from "./device-authorization/projection.js";
import { registerSettingsProjection } from "./settings/projection.js";
import { registerIdpProjection } from "./idp/projection.js";
import { registerProviderProjection } from "./provider/projection.js";
import { registerProjectGrantProjection } from "./project/projection.js";
import { registerUserSchemaProjection } from "./userschema/projection.js";

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
