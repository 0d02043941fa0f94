// startEmulator(): the core as a library (DESIGN 1). The CLI, the desktop shell and every test call
// it. Ready means migrated and seeded (DESIGN 10); reset restores the seeded database image. All
// state lives in what one call builds: two emulators in a process share nothing.

import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { AddressInfo } from "node:net";
import { Clock } from "./kernel/clock.js";
import { Emitter } from "./kernel/emitter.js";
import type { Core, CoreSignals } from "./domain/core.js";
import { IdGenerator } from "./kernel/ids.js";
import { Database } from "./store/database.js";
import { lockDataDir } from "./store/data-dir-lock.js";
import { removeLeftTempFiles, writeFileAtomic } from "./kernel/atomic-file.js";
import { EventStore } from "./store/event-store.js";
import { migrate, schemaVersion } from "./domain/schema.js";
import { SNAPSHOTS_DIR, Snapshots } from "./store/snapshots.js";
import { prepareHotSoon } from "./store/hot-statements.js";
import { metaValue, setMetaValue } from "./store/emulator-meta.js";
import { maxIssuedId } from "./store/issued-ids.js";
import { BucketStore } from "./bucket/bucket-store.js";
import { allProjections } from "./domain/projections.js";
import { applyFixtures, checkFixtureFile, FixtureError, readFixtureFile } from "./fixtures/seed.js";
import { loadImportEngine, readImportDocument, seedImport } from "./fixtures/seed-import.js";
import { InstanceSeeds } from "./fixtures/instance-seeds.js";
import { handleInstances } from "./handle/instances.js";
import { defaultFixtures } from "./fixtures/default-fixtures.js";
import type { FixtureFile } from "./fixtures/fixture-file.js";
import { ApiLoader } from "./api/api-loader.js";
import { createHttpApp } from "./server/http-app.js";
import { createH2Server } from "./server/h2-app.js";
import { Listener } from "./server/listener.js";
import { RequestInstances } from "./server/request-instance.js";
import { listInstances } from "./domain/instance/queries.js";
import { KeyRing } from "./keys/key-ring.js";
import { DEFAULT_RETENTION_MS, Retention } from "./domain/retention.js";
import { parseDuration } from "./kernel/duration.js";
import { startNotifier } from "./notification/notifier.js";
import { startEventExecutions } from "./actions/event-executions.js";
import { onTargetCall } from "./actions/calls.js";
import { handleClock } from "./handle/clock.js";
import { handleFaults, handleRequests } from "./handle/faults.js";
import type { Emulator, EmulatorEvents, EmulatorOptions } from "./handle/handle.js";
import { INTERNALS, type EmulatorInternals } from "./handle/internals.js";
import { UiAccess } from "./control/ui-access.js";
import { secretText } from "./kernel/secret-text.js";
import { checkSignature } from "./actions/call-signature.js";
import { attachNegativeTesting } from "./faults/negative-testing.js";
import { publicNames } from "./domain/instance/public-names.js";

export type { Emulator, EmulatorClock, EmulatorEventName, EmulatorEvents, EmulatorInstance, EmulatorOptions } from "./handle/handle.js";

function loadFixtures(f: EmulatorOptions["fixtures"]): FixtureFile {
  if (f === undefined) return defaultFixtures();
  return typeof f === "string" ? readFixtureFile(f) : checkFixtureFile(f, "fixtures option");
}

const META_ADMIN_PAT = "admin_pat";

function retentionMs(r: EmulatorOptions["retention"]): number {
  if (r === undefined) return DEFAULT_RETENTION_MS;
  const ms = typeof r === "number" ? r : parseDuration(r);
  if (ms === undefined || !Number.isFinite(ms) || ms < 0)
    throw new RangeError(`retention needs milliseconds or a duration like "1h" or "30m", not ${JSON.stringify(r)}`);
  return ms;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const retention = retentionMs(options.retention);
  // Checked before anything is opened: a bad public URL or host name fails the start.
  const names = publicNames(options.publicUrl, options.hostNames);
  const dataDir = options.inMemory ? undefined : resolve(options.dataDir ?? ".svc-emulator");
  const clock = new Clock();
  const ids = new IdGenerator(() => clock.nowMs(), options.seed);
  // One owner per data dir: taken before the database is opened, freed when the emulator closes.
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  // Under the lock, what a killed emulator was writing (the seed image, a snapshot, a restored database) is ours to drop.
  if (dataDir) for (const dir of [dataDir, join(dataDir, SNAPSHOTS_DIR)]) removeLeftTempFiles(dir);
  let db: Database;
  try {
    db = new Database(dataDir && join(dataDir, "emulator.sqlite"), { newestVersion: schemaVersion });
  } catch (e) {
    unlock();
    throw e;
  }
  const projections = allProjections();
  const events = new EventStore(db, clock, projections);
  const parts = { db, events, clock, ids, signals: new Emitter<CoreSignals>(), names };
  const core: Core = { ...parts, keys: new KeyRing(parts) };
  const instanceSeeds = new InstanceSeeds(core);
  const recordInstances = () => instanceSeeds.recordAll(listInstances(db).map((i) => i.id));

  const seedFile = dataDir && join(dataDir, "seed.sqlite");
  let seedImage: Buffer;
  try {
    // Read first: a bad file must fail before anything is written.
    const importing = options.import === undefined ? undefined : readImportDocument(options.import);
    const engine = importing && (await loadImportEngine());
    migrate(db);
    if (importing && listInstances(db).length > 0)
      throw new FixtureError(`--import seeds a new database only; ${dataDir} holds one already (use a new --data-dir or --in-memory)`);
    if (listInstances(db).length === 0) {
      // With an import the fixtures and the import are one transaction: a failing import leaves no seed behind.
      const seed = () => {
        const seeded = applyFixtures(core, loadFixtures(options.fixtures));
        if (importing && engine) seedImport(core, importing, engine);
        return seeded;
      };
      const { adminPat } = importing ? db.transaction(seed) : seed();
      setMetaValue(db, META_ADMIN_PAT, adminPat ?? "");
      seedImage = db.serialize();
      if (seedFile) writeFileAtomic(seedFile, seedImage);
      recordInstances();
    } else {
      seedImage = seedFile && existsSync(seedFile) ? readFileSync(seedFile) : db.serialize();
      ids.bumpPast(maxIssuedId(db));
    }
  } catch (e) {
    // A bad fixture file (or migration) leaves no open database behind, and the data dir free.
    db.close();
    unlock();
    throw e;
  }
  const adminPat = metaValue(db, META_ADMIN_PAT) ?? "";
  const idsAfterSeed = ids.state();

  const emitter = new Emitter<EmulatorEvents>();
  const snapshots = new Snapshots(db, () => clock.now(), dataDir && join(dataDir, SNAPSHOTS_DIR));
  // Buckets stand for an outside service (GCS): reset and snapshots leave them as they are.
  const buckets = new BucketStore(dataDir && join(dataDir, "buckets"), () => clock.now());
  const consoleToken = options.consoleToken ?? secretText(24);
  // Faults and the request journal live in memory: a reset removes the faults and empties the journal (docs/behaviour.md "Faults").
  const negative = attachNegativeTesting(core, retention);
  const reset = () => {
    negative.faults.clear();
    negative.journal.clear();
    db.replace(seedImage);
    recordInstances();
    clock.reset();
    ids.restore(idsAfterSeed);
    prepareHotSoon(db);
    emitter.emit("reset", undefined);
  };
  // A restored snapshot may hold ids the generator gave out after a reset set it back: move past them.
  const restore = (name: string) => {
    const restored = snapshots.restore(name);
    if (restored) {
      instanceSeeds.forgetAll();
      ids.bumpPast(maxIssuedId(db));
      prepareHotSoon(db);
    }
    return restored;
  };

  // The URL is known once the listener has its port; requests come only after that.
  let ownUrl = "";
  // The rpc table and its descriptors are made on the first resource API request (api-loader.ts).
  const api = new ApiLoader(core, () => ownUrl);
  const keys = core.keys;
  const instances = new RequestInstances(db, names);
  const ui = new UiAccess();
  const rpcNames = () => api.load().then(({ table }) => ({ methods: table.methodNames(), services: table.serviceNames() }));
  const runtime = () => ({ url: ownUrl, issuer: names.url ?? ownUrl, dataDir: dataDir ?? null, adminPat });
  const http = await createHttpApp(
    core,
    api,
    { core, consoleToken, snapshots, reset, restore, keys, buckets, ui, runtime, instanceSeeds, rpcNames },
    keys,
    instances,
  );
  const listener = new Listener(http.server, () => createH2Server(instances, api.grpc));
  let address: AddressInfo;
  try {
    address = await listener.listen(options.port ?? 8080, options.host ?? "127.0.0.1");
  } catch (e) {
    db.close();
    unlock();
    throw e;
  }
  const url = `http://localhost:${address.port}`;
  ownUrl = url;
  // What a browser opens: the public URL when one is set (the emulator may sit behind a mapped port).
  const publicUrl = names.url ?? url;
  // The first signing key pair: taken from the stock of earlier starts when there is one, else made on
  // the thread pool once the port listens: made before, it competed with start-up for the CPU
  // (measured: spawn to discovery 417 -> 578 ms); the first JWT then waits for it (KeyRing.whenReady)
  // instead of making a second one on the main thread. The command started its pair before loading
  // (bin/svc-emulator.cjs): the key ring takes that one here, or stocks it (keys/key-stock.ts).
  keys.prepare();
  prepareHotSoon(db);
  const stopNotifier = startNotifier(core);
  const stopEventExecutions = startEventExecutions(core);
  const stopCommitted = events.subscribe((committed) => {
    for (const e of committed) emitter.emit("eventCommitted", e);
  });
  const stopCalls = onTargetCall(core, (call) => emitter.emit("targetCalled", checkSignature(core, call)));
  const stopRetention = new Retention(core, retention).start();

  let closing: Promise<void> | undefined;
  const handle: Emulator = {
    url,
    issuer: publicUrl,
    port: address.port,
    adminPat,
    consoleToken,
    uiLink: () => `${publicUrl}/ui/?t=${ui.mintLinkToken()}`,
    clock: handleClock(clock),
    instances: handleInstances(instanceSeeds, address.port),
    faults: handleFaults(core, rpcNames),
    requests: handleRequests(core),
    reset,
    snapshot: (name) => snapshots.save(name),
    restore: (name) => {
      if (!restore(name)) throw new Error(`no snapshot named ${name}`);
    },
    snapshots: () => snapshots.list(),
    deleteSnapshot: (name) => snapshots.delete(name),
    on: (name, listener) => emitter.on(name, listener),
    once: (name, listener) => emitter.once(name, listener),
    off: (name, listener) => emitter.off(name, listener),
    close() {
      closing ??= (async () => {
        keys.close();
        stopNotifier();
        stopEventExecutions();
        stopCommitted();
        stopCalls();
        stopRetention();
        await listener.close();
        await http.app.close();
        db.close();
        unlock();
        emitter.emit("closed", undefined);
      })();
      return closing;
    },
  };
  // Not enumerable and not in the type: the internals are for `svc-emulator/internal` only.
  const internals: EmulatorInternals = { core, snapshots };
  Object.defineProperty(handle, INTERNALS, { value: internals, enumerable: false });
  return handle;
}
