// startEmulator(): the core as a library (DESIGN 1). The CLI, the desktop shell and every test call
// it. Ready means migrated and seeded (DESIGN 10); reset restores the seeded database image.

import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createServer as createH2Server } from "node:http2";
import { Clock } from "./kernel/clock.js";
import type { Core } from "./domain/core.js";
import { IdGenerator } from "./kernel/ids.js";
import { Database } from "./store/database.js";
import { EventStore } from "./store/event-store.js";
import { migrate } from "./domain/schema.js";
import { Snapshots } from "./store/snapshots.js";
import { allProjections } from "./domain/projections.js";
import { applyFixtures, checkFixtureFile, readFixtureFile } from "./fixtures/seed.js";
import type { FixtureFile } from "./fixtures/fixture-file.js";
import { buildRpcTable } from "./api/services.js";
import { createGrpcHandler } from "./api/grpc-adapter.js";
import { withSpecGrpcMessage } from "./api/grpc-message.js";
import { createHttpApp } from "./server/http-app.js";
import { Listener } from "./server/listener.js";
import { listInstances } from "./domain/instance/queries.js";
import { KeyRing } from "./domain/signing-key/key-ring.js";
import { startNotifier } from "./notification/notifier.js";
import { startEventExecutions } from "./actions/event-executions.js";

export interface EmulatorOptions {
  /** Default 8080; 0 takes a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Where the database lives; default ./.svc-emulator. Ignored with inMemory. */
  dataDir?: string;
  inMemory?: boolean;
  /** A fixture file path or its parsed content; default fixtures/default.json. Seeds a new database only. */
  fixtures?: string | FixtureFile;
  /** Makes ids deterministic. */
  seed?: number;
  /** Fixes the console token instead of generating one. */
  consoleToken?: string;
}

export interface Emulator {
  url: string;
  issuer: string;
  port: number;
  adminPat: string;
  consoleToken: string;
  core: Core;
  /** The event log; `events.subscribe(listener)` hears every committed command. */
  events: EventStore;
  /** Back to the seeded state, completely. */
  reset(): void;
  snapshot(name: string): void;
  restore(name: string): void;
  close(): Promise<void>;
}

const PACKAGE_ROOT = findPackageRoot();

function findPackageRoot(): string {
  // Works from emulator/src (tsx) and from dist/ (the bundle): walk up to the folder with fixtures/.
  let dir = typeof __dirname !== "undefined" ? __dirname : fileURLToPath(new URL(".", import.meta.url));
  for (let i = 0; i < 5 && !existsSync(join(dir, "fixtures", "default.json")); i++) dir = resolve(dir, "..");
  return dir;
}

export const DEFAULT_FIXTURES = join(PACKAGE_ROOT, "fixtures", "default.json");

function loadFixtures(f: EmulatorOptions["fixtures"]): FixtureFile {
  if (f === undefined) return readFixtureFile(DEFAULT_FIXTURES);
  return typeof f === "string" ? readFixtureFile(f) : checkFixtureFile(f, "fixtures option");
}

const META_ADMIN_PAT = "admin_pat";

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const dataDir = options.inMemory ? undefined : resolve(options.dataDir ?? ".svc-emulator");
  const clock = new Clock();
  const ids = new IdGenerator(() => clock.nowMs(), options.seed);
  const db = new Database(dataDir && join(dataDir, "emulator.sqlite"));
  const projections = allProjections();
  const events = new EventStore(db, clock, projections);
  const core = { db, events, clock, ids } as Core;
  core.keys = new KeyRing(core);

  const seedFile = dataDir && join(dataDir, "seed.sqlite");
  let seedImage: Buffer;
  try {
    migrate(db);
    if (listInstances(db).length === 0) {
      const { adminPat } = applyFixtures(core, loadFixtures(options.fixtures));
      db.stmt("INSERT OR REPLACE INTO emulator_meta (key, value) VALUES (?, ?)").run(META_ADMIN_PAT, adminPat ?? "");
      seedImage = db.serialize();
      if (seedFile) writeFileSync(seedFile, seedImage);
    } else {
      seedImage = seedFile && existsSync(seedFile) ? readFileSync(seedFile) : db.serialize();
      ids.bumpPast(maxIssuedId(core));
    }
  } catch (e) {
    // A bad fixture file (or migration) leaves no open database behind.
    db.close();
    throw e;
  }
  const adminPat = (db.stmt("SELECT value FROM emulator_meta WHERE key = ?").get(META_ADMIN_PAT) as { value: string } | undefined)?.value ?? "";
  const idsAfterSeed = ids.state();

  const snapshots = new Snapshots(db, () => clock.now(), dataDir && join(dataDir, "snapshots"));
  const consoleToken = options.consoleToken ?? randomBytes(24).toString("base64url");
  const reset = () => {
    db.replace(seedImage);
    clock.reset();
    ids.restore(idsAfterSeed);
  };
  // A restored snapshot may hold ids the generator gave out after a reset set it back: move past them.
  const restore = (name: string) => {
    const restored = snapshots.restore(name);
    if (restored) ids.bumpPast(maxIssuedId(core));
    return restored;
  };

  const table = buildRpcTable();
  const grpc = createGrpcHandler(core, table);
  const keys = core.keys;
  const http = await createHttpApp(core, table, grpc, { core, consoleToken, snapshots, reset, restore, keys }, keys);
  const h2 = createH2Server({}, (req, res) => grpc(req, withSpecGrpcMessage(res)));
  const listener = new Listener(http.server, h2);
  let address;
  try {
    address = await listener.listen(options.port ?? 8080, options.host ?? "127.0.0.1");
  } catch (e) {
    db.close();
    throw e;
  }
  const url = `http://localhost:${address.port}`;
  keys.prepare();
  const stopNotifier = startNotifier(core);
  const stopEventExecutions = startEventExecutions(core);

  return {
    url,
    issuer: url,
    port: address.port,
    adminPat,
    consoleToken,
    core,
    events,
    reset,
    snapshot: (name) => void snapshots.save(name),
    restore: (name) => {
      if (!restore(name)) throw new Error(`no snapshot named ${name}`);
    },
    async close() {
      stopNotifier();
      stopEventExecutions();
      await listener.close();
      await http.app.close();
      db.close();
    },
  };
}

/** The highest id the generator handed out that the database holds: aggregate ids and the id (or kid) of every table. */
function maxIssuedId(core: Core): bigint {
  const numeric = (col: string) => `${col} GLOB '[0-9]*' AND NOT ${col} GLOB '*[^0-9]*'`;
  const sources = [`SELECT CAST(MAX(CAST(aggregate_id AS INTEGER)) AS TEXT) AS m FROM events WHERE ${numeric("aggregate_id")}`];
  const tables = core.db.stmt("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[];
  for (const { name } of tables) {
    const cols = (core.db.stmt(`SELECT name FROM pragma_table_info('${name}')`).all() as { name: string }[]).map((c) => c.name);
    for (const col of ["id", "kid"].filter((c) => cols.includes(c))) sources.push(`SELECT CAST(MAX(CAST(${col} AS INTEGER)) AS TEXT) AS m FROM "${name}" WHERE ${numeric(col)}`);
  }
  return sources.reduce((max, sql) => {
    // As text: 18-digit ids do not fit a JavaScript number.
    const m = (core.db.stmt(sql).get() as { m: string | null }).m;
    return m !== null && BigInt(m) > max ? BigInt(m) : max;
  }, 0n);
}
