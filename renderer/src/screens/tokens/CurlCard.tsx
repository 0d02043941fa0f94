// The token in curl commands for the userinfo and introspection endpoints (the client's credentials
// are left as shell variables: the UI does not have them).

import { CopyButton } from "../../components/CopyButton";
import { Card } from "../../components/Card";

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function CurlCard({ issuer, token, accessToken }: { issuer: string; token: string; accessToken?: string }) {
  const bearer = accessToken ?? token;
  const commands = [
    { what: "userinfo", text: `curl -H ${quote(`Authorization: Bearer ${bearer}`)} ${quote(`${issuer}/oidc/v1/userinfo`)}` },
    {
      what: "introspection",
      text: `curl -u "$CLIENT_ID:$CLIENT_SECRET" --data-urlencode ${quote(`token=${bearer}`)} ${quote(`${issuer}/oauth/v2/introspect`)}`,
    },
  ];
  return (
    <Card title="Copy as curl">
      {commands.map((c) => (
        <div key={c.what} className="curl">
          <pre>
            <code>{c.text}</code>
          </pre>
          <CopyButton text={c.text} label="Copy" what={`the ${c.what} curl command`} />
        </div>
      ))}
    </Card>
  );
}
