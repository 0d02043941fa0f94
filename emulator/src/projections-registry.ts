// Every projection of the emulator, registered in one place.

import { Projections } from "./store/projections.js";
import { registerInstanceProjection } from "./domain/instance/instance.js";
import { registerOrgProjection } from "./domain/org/org.js";
import { registerMachineKeyProjection, registerUserProjection } from "./domain/user/user.js";
import { registerPatProjection } from "./domain/user/personal-access-token.js";
import { registerMembershipProjection } from "./domain/membership/membership.js";
import { registerTargetProjection } from "./domain/target/projection.js";
import { registerExecutionProjection } from "./domain/execution/projection.js";
import { registerProjectProjection } from "./domain/project/project.js";
import { registerAppProjection } from "./domain/app/app.js";
import { registerUserGrantProjection } from "./domain/user-grant/user-grant.js";
import { registerSigningKeyProjection } from "./oidc/keys.js";
import { registerTokenProjection } from "./oidc/tokens.js";
import { registerAuthRequestProjection } from "./oidc/auth-requests.js";
import { registerLoginSessionProjection } from "./oidc/login-sessions.js";
import { registerDeviceAuthorizationProjection } from "./oidc/device-authorizations.js";
import { registerSettingsProjection } from "./domain/settings/settings.js";
import { registerIdpProjection } from "./domain/idp/idp.js";
import { registerOrgDomainProjection } from "./domain/org/domains.js";
import { registerProviderProjection } from "./domain/provider/provider.js";
import { registerProjectGrantProjection } from "./domain/project/grants.js";
import { registerUserSchemaProjection } from "./domain/userschema/user-schema.js";

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
