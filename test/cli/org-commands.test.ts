// The org commands of the CLI (issue 12): export, import and inspect run as a user runs them (the
// built bin, `node scripts/build.mjs` first) against an emulator started by `svc-emulator start`,
// and `start --import` seeds a new database from an export. Output, exit codes and the emulator's
// state (read back through the admin export) are asserted.

import "../helpers/key-stock-env.js";
import { describe, it, after, before } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import bcrypt from "bcryptjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const LIMIT = { timeout: 30_000 };
const tmp = mkdtempSync(join(tmpdir(), "svc-emulator-org-cli-"));
const children = new Set<ChildProcess>();
after(() => {
  for (const c of children) c.kill("SIGKILL");
  rmSync(tmp, { recursive: true, force: true });
});

type Done = { code: number | null; stdout: string; stderr: string };
/** Runs the bin to its end; without `env`, the SVC_EMULATOR_* variables of this process are not passed. */
function cli(args: string[], env: Record<string, string> = {}): Promise<Done> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("SVC_EMULATOR_")));
  const child = spawn(process.execPath, ["bin/svc-emulator.cjs", ...args], { cwd: ROOT, env: { ...base, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (c) => (stdout += c));
  child.stderr!.on("data", (c) => (stderr += c));
  return new Promise((resolve) => child.on("exit", (code) => (children.delete(child), resolve({ code, stdout, stderr }))));
}

type Ready = { url: string; adminPat: string; consoleToken: string; child: ChildProcess };
/** `svc-emulator start --json` with extra arguments; answers its ready line, or its failure. */
function start(args: string[]): Promise<Ready | Done> {
  const child = spawn(process.execPath, ["bin/svc-emulator.cjs", "start", "--port", "0", "--json", ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let stdout = "";
  let stderr = "";
  child.stderr!.on("data", (c) => (stderr += c));
  return new Promise((resolve) => {
    child.stdout!.on("data", (c) => {
      stdout += c;
      if (stdout.includes("\n")) resolve({ ...(JSON.parse(stdout.split("\n")[0]!) as Omit<Ready, "child">), child });
    });
    child.on("exit", (code) => (children.delete(child), resolve({ code, stdout, stderr })));
  });
}

const HASH = bcrypt.hashSync("Imported1!", 4);
const ORG = "300000000000000001";
const document = {
  orgs: [
    {
      orgId: ORG,
      org: { name: "Cli Org" },
      humanUsers: [
        {
          userId: "300000000000000010",
          user: {
            userName: "ann",
            profile: { firstName: "Ann", lastName: "A" },
            email: { email: "ann@cli.example", isEmailVerified: true },
            hashedPassword: { value: HASH },
            otpCode: "JBSWY3DPEHPK3PXP",
          },
        },
      ],
      projects: [{ projectId: "300000000000000020", project: { name: "Shop" } }],
      projectRoles: [{ projectId: "300000000000000020", roleKey: "buyer", displayName: "Buyer" }],
      userGrants: [{ userId: "300000000000000010", projectId: "300000000000000020", roleKeys: ["buyer"] }],
      loginPolicy: { allowUsernamePassword: true },
    },
  ],
};
const file = join(tmp, "orgs.json");
writeFileSync(file, JSON.stringify(document));

let emu: Ready;
before(async () => {
  const ready = await start(["--in-memory"]);
  assert.ok("url" in ready, `start failed: ${(ready as Done).stderr}`);
  emu = ready;
});
after(() => emu?.child.kill("SIGTERM"));

const asConsole = () => ["--url", emu.url, "--token", emu.consoleToken];
const orgIdsOf = (text: string) => (JSON.parse(text) as { orgs: { orgId: string }[] }).orgs.map((o) => o.orgId);

describe("svc-emulator inspect", () => {
  it("summarises a file offline: counts, secrets, what is not carried over, no errors", LIMIT, async () => {
    const done = await cli(["inspect", file]);
    assert.equal(done.code, 0, done.stderr);
    assert.equal(
      done.stdout,
      [
        `${file}: 1 org(s)`,
        `org ${ORG} "Cli Org"`,
        "  counts        humanUsers 1, projects 1, projectRoles 1, userGrants 1",
        "  secrets       hashedPassword:bcrypt 1, otpCode 1",
        "  not carried   humanUsers.user.otpCode 1, loginPolicy 1",
        "valid: no errors",
        "",
      ].join("\n"),
    );
  });

  it("lists every validation error with its path and exits 1", LIMIT, async () => {
    const bad = join(tmp, "bad.json");
    const org = {
      ...document.orgs[0],
      colour: "red",
      humanUsers: [
        { userId: "1", user: { ...document.orgs[0]!.humanUsers[0]!.user, profile: { firstName: "A", lastName: "B", preferredLanguage: "xx-nope" } } },
      ],
    };
    writeFileSync(bad, JSON.stringify({ orgs: [org] }));
    const done = await cli(["inspect", bad]);
    assert.equal(done.code, 1);
    assert.match(done.stdout, /^2 validation error\(s\):$/m);
    assert.match(done.stdout, /^ {2}orgs\[0\]\.colour {2}org 300000000000000001: .*unknown field$/m);
    assert.match(done.stdout, /^ {2}orgs\[0\]\.humanUsers\[0\]\.user\.profile\.preferredLanguage {2}human_user 1: /m);
  });

  it("names a file that is missing or not JSON (exit 1) and a missing FILE (exit 2)", LIMIT, async () => {
    const missing = await cli(["inspect", join(tmp, "nope.json")]);
    assert.deepEqual([missing.code, missing.stderr], [1, `svc-emulator inspect: cannot read ${join(tmp, "nope.json")}: ENOENT\n`]);
    const notJson = join(tmp, "not.json");
    writeFileSync(notJson, "{ orgs");
    const broken = await cli(["inspect", notJson]);
    assert.equal(broken.code, 1);
    assert.match(broken.stderr, /not\.json is not JSON: /);
    const none = await cli(["inspect"]);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /inspect needs exactly one FILE/);
  });
});

describe("svc-emulator import and export", () => {
  it("a dry run reports what would be imported and writes nothing", LIMIT, async () => {
    const done = await cli(["import", file, "--dry-run", ...asConsole()]);
    assert.equal(done.code, 0, done.stderr);
    assert.equal(done.stdout, "would import: orgs 1, projectIds 1, projectRoles 1, humanUserIds 1, userGrants 1\n");
    // Not a terminal: plain progress lines on stderr, the job's counter of each kind in the file.
    const counters = ["org 1/1", "humanUsers 1/1", "projects 1/1", "projectRoles 1/1", "userGrants 1/1"].map((c) => `import: ${c}\n`).join("");
    assert.equal(done.stderr, `import: reading ${file}\nimport: dry run into ${emu.url}\n${counters}import: done\n`);
    const exported = await cli(["export", ...asConsole()]);
    assert.equal(exported.code, 0, exported.stderr);
    assert.ok(!orgIdsOf(exported.stdout).includes(ORG));
  });

  it("draws a progress bar in place on a terminal (util-linux script gives it a pseudo-terminal)", LIMIT, async () => {
    const command = ["node", "bin/svc-emulator.cjs", "import", file, "--dry-run", ...asConsole()].join(" ");
    const done = await new Promise<Done>((resolve) => {
      const child = spawn("script", ["-qec", command, "/dev/null"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      child.stdout.on("data", (c) => (stdout += c));
      child.on("exit", (code) => resolve({ code, stdout, stderr: "" }));
    });
    assert.equal(done.code, 0, done.stdout);
    // One bar over the sum of the job's counters, with the counter that moved last; kinds the file lacks are not shown.
    const bar = (n: number) => `${"#".repeat(Math.round((24 * n) / 5))}${"-".repeat(24 - Math.round((24 * n) / 5))}`;
    const frames = done.stdout.split("\r\x1b[2K").filter(Boolean);
    assert.deepEqual(frames.slice(0, 4), [
      `import [${bar(0)}] 0/0 reading ${file}`,
      `import [${bar(0)}] 0/0 dry run into ${emu.url}`,
      `import [${bar(0)}] 0/1 org 0/1`,
      `import [${bar(0)}] 0/2 humanUsers 0/1`,
    ]);
    assert.ok(frames.includes(`import [${bar(2)}] 2/5 humanUsers 1/1`), done.stdout);
    assert.ok(!done.stdout.includes("machineUsers"), "a kind the file lacks is not drawn");
    assert.match(frames.at(-1)!, new RegExp(`^import \\[${bar(5)}\\] 5/5 done\r?\n`));
    assert.match(done.stdout, /would import: orgs 1/);
  });

  it("prints a plain counter line per kind each time it passes a tenth of its total", LIMIT, async () => {
    const many = join(tmp, "many.json");
    const user = document.orgs[0]!.humanUsers[0]!;
    const humanUsers = Array.from({ length: 25 }, (_, i) => ({
      userId: `3100000000000001${String(i).padStart(2, "0")}`,
      user: { ...user.user, userName: `u${i}` },
    }));
    writeFileSync(many, JSON.stringify({ orgs: [{ orgId: "310000000000000001", org: { name: "Many" }, humanUsers }] }));
    const done = await cli(["import", many, "--dry-run", ...asConsole()]);
    assert.equal(done.code, 0, done.stderr);
    const lines = done.stderr.split("\n").filter((l) => l.startsWith("import: humanUsers"));
    assert.deepEqual(
      lines,
      [3, 5, 8, 10, 13, 15, 18, 20, 23, 25].map((n) => `import: humanUsers ${n}/25`),
    );
    assert.equal(done.stdout, "would import: orgs 1, humanUserIds 25\n");
  });

  it("imports, then exports the org to a file; importing it again fails atomically with paths (exit 1)", LIMIT, async () => {
    const done = await cli(["import", file], { SVC_EMULATOR_URL: emu.url, SVC_EMULATOR_TOKEN: emu.consoleToken });
    assert.equal(done.code, 0, done.stderr);
    assert.equal(done.stdout, "imported: orgs 1, projectIds 1, projectRoles 1, humanUserIds 1, userGrants 1\n");
    const out = join(tmp, "export.json");
    const exported = await cli(["export", "--org", ORG, "--with-passwords", "--out", out, ...asConsole()]);
    assert.equal(exported.code, 0, exported.stderr);
    assert.equal(exported.stdout, "");
    assert.equal(exported.stderr, `export: exporting 1 org(s) from ${emu.url}\nexport: org 1/1\nexport: writing ${out}\nexport: 1 org(s) exported to ${out}\n`);
    const written = JSON.parse(readFileSync(out, "utf8")) as { orgs: { orgId: string; humanUsers: { user: { hashedPassword?: { value: string } } }[] }[] };
    assert.deepEqual(
      written.orgs.map((o) => o.orgId),
      [ORG],
    );
    assert.equal(written.orgs[0]!.humanUsers[0]!.user.hashedPassword?.value, HASH);
    const again = await cli(["import", out, ...asConsole()]);
    assert.equal(again.code, 1);
    const lines = again.stdout.split("\n");
    assert.equal(lines[0], "nothing imported (atomic; --best-effort keeps the rest)");
    assert.match(again.stdout, /^ {2}orgs\[0\]\.orgId {2}org 300000000000000001: ID=ORG-exists /m);
    assert.match(again.stdout, /^ {2}orgs\[0\]\.humanUsers\[0\] {2}human_user 300000000000000010: ID=USER-exists /m);
  });

  it("explains a missing URL or token (exit 2), a wrong token and an unreachable emulator (exit 1)", LIMIT, async () => {
    const noUrl = await cli(["export", "--token", "x"]);
    assert.equal(noUrl.code, 2);
    assert.match(noUrl.stderr, /^svc-emulator export: needs the emulator's URL: --url or SVC_EMULATOR_URL$/m);
    const noToken = await cli(["import", file, "--url", emu.url]);
    assert.equal(noToken.code, 2);
    assert.match(noToken.stderr, /needs the console token: --token or SVC_EMULATOR_TOKEN/);
    const wrong = await cli(["import", file, "--url", emu.url, "--token", "wrong"]);
    assert.deepEqual([wrong.code, wrong.stderr.split("\n").at(-2)], [1, "svc-emulator import: /emulator/v1/jobs answered 401: The console token is not valid"]);
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const gone = await cli(["export", "--url", `http://127.0.0.1:${port}`, "--token", "x"]);
    assert.equal(gone.code, 1);
    assert.match(gone.stderr, new RegExp(`cannot reach http://127\\.0\\.0\\.1:${port}: ECONNREFUSED`));
    // A flag wins over the environment.
    const flagged = await cli(["export", ...asConsole()], { SVC_EMULATOR_URL: "http://127.0.0.1:9", SVC_EMULATOR_TOKEN: "wrong" });
    assert.equal(flagged.code, 0, flagged.stderr);
    const help = await cli(["import", "--help"]);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: svc-emulator import FILE \[--dry-run\] \[--best-effort\]/);
    const unknown = await cli(["export", "--colour", ...asConsole()]);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /Unknown option '--colour'/);
  });
});

describe("svc-emulator start --import", () => {
  it("seeds a new in-memory database with the file's orgs after the fixtures", LIMIT, async () => {
    const seeded = await start(["--in-memory", "--import", file]);
    assert.ok("url" in seeded, (seeded as Done).stderr);
    const exported = await cli(["export", "--url", seeded.url, "--token", seeded.consoleToken]);
    assert.equal(exported.code, 0, exported.stderr);
    assert.ok(orgIdsOf(exported.stdout).includes(ORG));
    assert.ok(orgIdsOf(exported.stdout).length > 1, "the fixtures' org is there too");
    // The import is part of the seeded state: reset keeps it.
    const reset = await fetch(`${seeded.url}/emulator/v1/reset`, { method: "POST", headers: { authorization: `Bearer ${seeded.consoleToken}` } });
    assert.equal(reset.status, 200);
    const afterReset = await cli(["export"], { SVC_EMULATOR_URL: seeded.url, SVC_EMULATOR_TOKEN: seeded.consoleToken });
    assert.ok(orgIdsOf(afterReset.stdout).includes(ORG), afterReset.stderr);
    seeded.child.kill("SIGTERM");
  });

  it("refuses a file that does not import (nothing seeded) and a data dir that holds a database", LIMIT, async () => {
    const dir = join(tmp, "data");
    const clash = join(tmp, "clash.json");
    writeFileSync(clash, JSON.stringify({ orgs: [document.orgs[0], document.orgs[0]] }));
    const failed = (await start(["--data-dir", dir, "--import", clash])) as Done;
    assert.equal(failed.code, 1);
    assert.match(failed.stderr, /clash\.json: 5 error\(s\), nothing imported:\n {2}orgs\[1\]\.orgId {2}org 300000000000000001: ID=ORG-exists /);
    // The failed import left no seed behind: the same dir takes a good file.
    const seeded = await start(["--data-dir", dir, "--import", file]);
    assert.ok("url" in seeded, (seeded as Done).stderr);
    seeded.child.kill("SIGTERM");
    await new Promise((r) => seeded.child.once("exit", r));
    const again = (await start(["--data-dir", dir, "--import", file])) as Done;
    assert.equal(again.code, 1);
    assert.match(again.stderr, /--import seeds a new database only; .*data holds one already \(use a new --data-dir or --in-memory\)/);
  });
});
