// The inspector's input lives in the URL fragment (#token=…&access_token=…&nonce=…&id_token=…, or #jti=… for the
// record of a JWT access token, whose value the emulator does not keep): a fragment never reaches the
// server, and nothing of it is stored. Other screens link here with inspectPath(): the users and flows
// screens as well as the tokens screen, so the link lives below screens/ (a screen imports no other).

import { useEffect, useState } from "react";

export interface InspectInput {
  /** The token's value; empty when only a record is asked for (jti). */
  token: string;
  /** The jti of a JWT access token the emulator issued: its record and introspection, without the JWT. */
  jti?: string;
  /** The access token issued with an ID token: at_hash check and userinfo. */
  accessToken?: string;
  /** The nonce the authorization request sent. */
  nonce?: string;
  /** The ID token issued with an access token: the inspector links to it. */
  idToken?: string;
}

export const INSPECT_PATH = "/tokens/inspect";

export function inspectFragment(input: InspectInput): string {
  if (!input.token && input.jti) return `#${new URLSearchParams({ jti: input.jti })}`;
  const p = new URLSearchParams({ token: input.token });
  if (input.accessToken) p.set("access_token", input.accessToken);
  if (input.nonce) p.set("nonce", input.nonce);
  if (input.idToken) p.set("id_token", input.idToken);
  return `#${p}`;
}

/** The path (below /ui) that opens the inspector on a token. */
export const inspectPath = (input: InspectInput) => `${INSPECT_PATH}${inspectFragment(input)}`;

function read(): InspectInput {
  const p = new URLSearchParams(window.location.hash.slice(1));
  return {
    token: p.get("token") ?? "",
    jti: p.get("jti") ?? undefined,
    accessToken: p.get("access_token") ?? undefined,
    nonce: p.get("nonce") ?? undefined,
    idToken: p.get("id_token") ?? undefined,
  };
}

export function useInspectInput(): InspectInput {
  const [input, setInput] = useState(read);
  useEffect(() => {
    const change = () => setInput(read());
    window.addEventListener("hashchange", change);
    // navigate() changes the address with pushState, which fires no hashchange.
    window.addEventListener("svc-ui-navigate", change);
    window.addEventListener("popstate", change);
    return () => {
      window.removeEventListener("hashchange", change);
      window.removeEventListener("svc-ui-navigate", change);
      window.removeEventListener("popstate", change);
    };
  }, []);
  return input;
}
