// Issue 12's rows: importing and exporting an org of N human users through the admin API. The
// emulator runs as its own process (the CLI, in memory); this process generates the document,
// sends it and times the answers; the emulator's peak RSS is read from /proc (VmHWM).

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
// One bcrypt hash for every user: the import stores hashes as given, it does not hash.
const HASH = "$2a$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy";

/** A docs-shaped document (wire-facts 7.3): one org with `users` human users, each with a password hash. */
export function documentOf(users: number): { orgs: unknown[] } {
  const humanUsers = Array.from({ length: users }, (_, i) => ({
    userId: String(300000000000000000n + BigInt(i)),
    user: {
      userName: `user-${i}`,
      profile: { firstName: "Bench", lastName: `User ${i}`, preferredLanguage: "en" },
      email: { email: `user-${i}@bench.example`, isEmailVerified: true },
      hashedPassword: { value: HASH },
    },
  }));
  return { orgs: [{ orgId: "299999999999999999", org: { name: "Bench Org" }, humanUsers }] };
}

function startCli(): Promise<{ url: string; pat: string; pid: number; stop(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["bin/svc-emulator.cjs", "start", "--port", "0", "--in-memory", "--json"], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const timer = setTimeout(() => (child.kill("SIGKILL"), reject(new Error("no ready line in 10s"))), 10_000);
    child.stdout.once("data", (line: Buffer) => {
      clearTimeout(timer);
      const ready = JSON.parse(line.toString()) as { url: string; adminPat: string };
      const stop = () => new Promise<void>((r) => (child.once("exit", () => r()), child.kill("SIGTERM")));
      resolve({ url: ready.url, pat: ready.adminPat, pid: child.pid!, stop });
    });
  });
}

/** Peak resident memory of a process in MiB (Linux). */
const peakRssMiB = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

async function post(url: string, pat: string, body: string): Promise<{ ms: number; text: string }> {
  const t0 = performance.now();
  const res = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${pat}`, "content-type": "application/json" },
    body,
    signal: AbortSignal.timeout(600_000),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`);
  return { ms: performance.now() - t0, text };
}

export async function exportImport(users: number) {
  const emu = await startCli();
  try {
    const document = JSON.stringify({ dataOrgsv1: documentOf(users), timeout: "10m" });
    const imported = await post(`${emu.url}/admin/v1/import`, emu.pat, document);
    const result = JSON.parse(imported.text) as { errors?: unknown[] };
    if (result.errors?.length) throw new Error(`import errors: ${JSON.stringify(result.errors.slice(0, 3))}`);
    const exported = await post(
      `${emu.url}/admin/v1/export`,
      emu.pat,
      JSON.stringify({ orgIds: ["299999999999999999"], withPasswords: true, responseOutput: true, timeout: "10m" }),
    );
    const count = ((JSON.parse(exported.text) as { orgs: { humanUsers?: unknown[] }[] }).orgs[0]?.humanUsers ?? []).length;
    if (count !== users) throw new Error(`exported ${count} users, expected ${users}`);
    return { users, importMs: imported.ms, exportMs: exported.ms, documentMiB: document.length / 2 ** 20, peakRssMiB: peakRssMiB(emu.pid) };
  } finally {
    await emu.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const n of process.argv.slice(2).map(Number)) console.log(JSON.stringify(await exportImport(n)));
}
