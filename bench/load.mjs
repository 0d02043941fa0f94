// Load generator in its own process (autocannon): one row's requests against one server, then one
// line of JSON with the rate and the answers that were not 200. usage: node bench/load.mjs '<json>'
// with {url, method, headers, body, connections, seconds} or, instead of seconds, amount (requests).
import autocannon from "autocannon";

const spec = JSON.parse(process.argv[2]);
const result = await autocannon({
  url: spec.url,
  method: spec.method ?? "POST",
  headers: spec.headers,
  body: spec.body,
  connections: spec.connections ?? 10,
  ...(spec.amount ? { amount: spec.amount } : { duration: spec.seconds ?? 10 }),
});
process.stdout.write(
  `${JSON.stringify({
    requests: result.requests.total,
    perSecond: result.requests.total / (result.duration || spec.seconds || 10),
    non2xx: result.non2xx,
    errors: result.errors,
  })}\n`,
);
