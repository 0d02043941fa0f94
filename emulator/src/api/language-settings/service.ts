// SvcLanguageSettings, behind the multitenancy_settings flag. Declared; its handlers come with the
// settings issue, until then every rpc answers Unimplemented (501) naming itself.

import { SvcLanguageSettings } from "../../gen/svc/settings/language/v3alpha/language_service_pb.js";
import { defineService, type ServiceDefinition } from "../rpc.js";

export function languageSettingsService(): ServiceDefinition {
  return defineService(SvcLanguageSettings, "multitenancy_settings", {});
}
