// Reading OAuth request parameters (RFC 6749 3.1, 3.2: parameters "MUST NOT be included more than
// once"; spec error tables: a repeated parameter is invalid_request). The form and query string
// parsers turn a repeated key into an array; every OIDC route reads its form or query through here,
// so no endpoint sees an array where it expects one string.

import { type OidcError, invalidRequest } from "./errors.js";

/** A form or query string with one string per parameter. */
export type Params = Record<string, string | undefined>;

/** The single-valued parameters of a parsed form or query string, and the names that were repeated. */
export function readParams(source: unknown): { params: Params; repeated: string[] } {
  const params: Params = {};
  const repeated: string[] = [];
  if (source && typeof source === "object") {
    for (const [name, value] of Object.entries(source)) {
      if (Array.isArray(value)) repeated.push(name);
      else if (typeof value === "string") params[name] = value;
      // Anything else (a JSON body's numbers or objects) is no form parameter: left out.
    }
  }
  return { params, repeated };
}

/** The invalid_request error naming repeated parameters. */
export function repeatedParameters(names: string[]): OidcError {
  return invalidRequest(names.length === 1 ? `parameter ${names[0]} is repeated` : `parameters ${names.join(", ")} are repeated`);
}

/** The parameters of an OAuth request; any repeated parameter makes it invalid_request. */
export function oauthParams(source: unknown): Params {
  const { params, repeated } = readParams(source);
  if (repeated.length) throw repeatedParameters(repeated);
  return params;
}
