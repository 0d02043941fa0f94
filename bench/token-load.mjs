// Load generator in its own process: client_credentials tokens of the seeded demo-worker against
// an emulator, `total` requests `concurrency` at a time after 50 warm-up requests; prints tokens
// per second. usage: node bench/token-load.mjs <url> [total] [concurrency]

const [url, totalArg, concurrencyArg] = process.argv.slice(2);
const total = Number(totalArg ?? 3000);
const concurrency = Number(concurrencyArg ?? 8);
const auth = `Basic ${Buffer.from("demo-worker:demo-worker-secret").toString("base64")}`;

async function token() {
  const res = await fetch(`${url}/oauth/v2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: auth },
    body: "grant_type=client_credentials&scope=profile",
    signal: AbortSignal.timeout(10_000),
  });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

async function run(n) {
  let next = 0;
  const worker = async () => {
    while (next < n) next++, await token();
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

await run(50);
const t0 = performance.now();
await run(total);
console.log((total / ((performance.now() - t0) / 1000)).toFixed(1));
