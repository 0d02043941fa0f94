// Named snapshots of the whole database (control API: save, list, restore, delete). In memory they
// are kept in the process; with a data dir they are files under <dataDir>/snapshots/.

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import type { Database } from "./database.js";
import { writeFileAtomic } from "../kernel/atomic-file.js";
import { Emitter } from "../kernel/emitter.js";

export interface SnapshotInfo {
  name: string;
  createdAt: string;
  sizeBytes: number;
}

/** The data dir's folder of snapshot files. */
export const SNAPSHOTS_DIR = "snapshots";

export const SNAPSHOT_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export class Snapshots {
  private memory = new Map<string, { image: Buffer; createdAt: string }>();
  private readonly changes = new Emitter<{ changed: string }>();

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    private readonly dir: string | undefined,
  ) {}

  /** Calls `listener` with the name of each snapshot saved or deleted; returns the stop function. */
  onChange(listener: (name: string) => void): () => void {
    return this.changes.on("changed", listener);
  }

  private file(name: string): string {
    return join(this.dir!, `${name}.sqlite`);
  }

  save(name: string): SnapshotInfo {
    const image = this.db.serialize();
    const createdAt = this.now().toISOString();
    if (this.dir) {
      mkdirSync(this.dir, { recursive: true });
      // A save cut short by a crash leaves no half snapshot under the name (list() shows only whole files).
      writeFileAtomic(this.file(name), image);
      // list() reads createdAt from the file's mtime: make it the emulator clock's time, as in memory.
      utimesSync(this.file(name), new Date(createdAt), new Date(createdAt));
    } else {
      this.memory.set(name, { image, createdAt });
    }
    this.changes.emit("changed", name);
    return { name, createdAt, sizeBytes: image.length };
  }

  list(): SnapshotInfo[] {
    if (!this.dir)
      return [...this.memory].map(([name, s]) => ({ name, createdAt: s.createdAt, sizeBytes: s.image.length })).sort((a, b) => a.name.localeCompare(b.name));
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((f) => f.endsWith(".sqlite"))
      .map((f) => {
        const st = statSync(join(this.dir!, f));
        return { name: f.slice(0, -".sqlite".length), createdAt: st.mtime.toISOString(), sizeBytes: st.size };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  has(name: string): boolean {
    return this.dir ? existsSync(this.file(name)) : this.memory.has(name);
  }

  /** Replaces the database by the snapshot; false when there is none of that name. */
  restore(name: string): boolean {
    if (!this.has(name)) return false;
    this.db.replace(this.dir ? readFileSync(this.file(name)) : this.memory.get(name)!.image);
    return true;
  }

  delete(name: string): boolean {
    if (!this.has(name)) return false;
    if (this.dir) rmSync(this.file(name));
    else this.memory.delete(name);
    this.changes.emit("changed", name);
    return true;
  }
}
