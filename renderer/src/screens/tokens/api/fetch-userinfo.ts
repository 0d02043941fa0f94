// What the instance's userinfo endpoint answers for an access token (through the control API), asked
// on demand; a refusal becomes an error in the endpoint's own words (RFC 6750 3: in the body or in
// WWW-Authenticate).

import { useMutation } from "@tanstack/react-query";
import { control } from "../../../api/control";

function refusal(status: number, headers: Record<string, string>, body: unknown): string {
  const error = body && typeof body === "object" ? (body as { error?: string; error_description?: string }) : {};
  const said = error.error ? `${error.error}${error.error_description ? `: ${error.error_description}` : ""}` : headers["www-authenticate"];
  return `userinfo answered ${status}${said ? ` (${said})` : ""}`;
}

export async function fetchUserinfo(accessToken: string, instanceId: string): Promise<Record<string, unknown>> {
  const res = await control.userinfo(accessToken, instanceId);
  if (res.status !== 200) throw new Error(refusal(res.status, res.headers, res.body));
  return res.body as Record<string, unknown>;
}

export const useUserinfo = (accessToken: string, instanceId: string) => useMutation({ mutationFn: () => fetchUserinfo(accessToken, instanceId) });
