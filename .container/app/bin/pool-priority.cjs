"use strict";
// The signing threads yield to the thread that serves requests (Linux). An RS256 signature takes about
// 250 µs of a core on libuv's thread pool; woken for it at the default priority, a pool thread preempts
// the main thread about once per JWT on a machine with as many busy threads as cores, and the main
// thread's requests wait behind signatures. At a lower priority (nice 6; the kernel's share against a
// busy nice-0 thread on the same core is about a fifth, so signatures still progress under foreign
// load) the main thread runs on, and client_credentials with JWT access tokens went from about 3,300
// to 3,800 tokens per second on two cores (bench/HISTORY.md, round 7). Only threads of the pool are
// lowered, never the main thread, and only in the command's own process: the pool is made by the first
// work handed to it, so the threads that appear around that first call are the pool's.
// SVC_EMULATOR_POOL_NICE=0 leaves them at the process's priority.

const { readdirSync } = require("node:fs");
const { setPriority } = require("node:os");

const POOL_NICE = 6;

function threads() {
  try {
    return new Set(readdirSync("/proc/self/task"));
  } catch {
    return undefined;
  }
}

/** Runs `startPool` (the first work handed to the thread pool) and lowers the threads it made. */
module.exports = function withLowPriorityPool(startPool) {
  const nice = Number(process.env.SVC_EMULATOR_POOL_NICE ?? POOL_NICE);
  const before = process.platform === "linux" && nice > 0 ? threads() : undefined;
  const result = startPool();
  if (before) {
    for (const tid of threads() ?? []) {
      if (before.has(tid)) continue;
      try {
        setPriority(Number(tid), Math.min(19, nice));
      } catch {
        // A thread that has ended, or a system that refuses: the pool keeps the process's priority.
      }
    }
  }
  return result;
};
