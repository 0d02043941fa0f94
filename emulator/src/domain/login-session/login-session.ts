// Login sessions of a user agent (browser): who signed in there, when and how. The user agent is
// known by a random id (the OIDC provider keeps it in a cookie), sealed in the events
// (store/sealed.ts); one agent can hold sessions of several users (the account chooser).

import { randomPooled } from "../../kernel/random-pool.js";

export interface LoginSession {
  id: string;
  instanceId: string;
  userAgentId: string;
  userId: string;
  authTime: string;
  amr: string[];
  terminatedAt: string | null;
}

export const newUserAgentId = () => randomPooled(24).toString("base64url");
