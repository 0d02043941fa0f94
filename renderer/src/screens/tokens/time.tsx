// Times on the emulator clock: read once, ticking here while it runs (a frozen clock stands still),
// and claim times shown as local, UTC and relative to the emulator's now.

import { useEffect, useState } from "react";
import { type ClockState, control } from "../../api/control";

export interface EmulatorClock {
  /** The emulator's now (undefined until read). */
  now: Date | undefined;
  /** Takes the state a clock change answered. */
  set(state: ClockState): void;
  /** Counts the changes made here (live data reloads on a change). */
  changes: number;
}

export function useEmulatorClock(): EmulatorClock {
  const [read, setRead] = useState<{ state: ClockState; at: number }>();
  const [changes, setChanges] = useState(0);
  const [, tick] = useState(0);
  useEffect(() => {
    let live = true;
    control.clock().then(
      (state) => live && setRead({ state, at: Date.now() }),
      () => undefined,
    );
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => {
      live = false;
      clearInterval(t);
    };
  }, []);
  const now = read && new Date(Date.parse(read.state.now) + (read.state.frozen ? 0 : Date.now() - read.at));
  return {
    now,
    changes,
    set: (state) => {
      setRead({ state, at: Date.now() });
      setChanges((n) => n + 1);
    },
  };
}

/** "in 4m 12s" or "3h 2m ago". */
export function relative(seconds: number): string {
  const abs = Math.abs(Math.round(seconds));
  const parts = [
    [Math.floor(abs / 86400), "d"],
    [Math.floor((abs % 86400) / 3600), "h"],
    [Math.floor((abs % 3600) / 60), "m"],
    [abs % 60, "s"],
  ] as const;
  const text =
    parts
      .filter(([n]) => n > 0)
      .slice(0, 2)
      .map(([n, u]) => `${n}${u}`)
      .join(" ") || "0s";
  return seconds >= 0 ? `in ${text}` : `${text} ago`;
}

export function TimeValue({ seconds, now }: { seconds: number; now: Date | undefined }) {
  const d = new Date(seconds * 1000);
  if (Number.isNaN(d.getTime())) return <>{String(seconds)}</>;
  return (
    <span className="time-claim">
      <time dateTime={d.toISOString()}>{d.toLocaleString()}</time> <span className="muted">local</span> · {d.toISOString()} <span className="muted">UTC</span>
      {now && <> · {relative(seconds - now.getTime() / 1000)}</>}
    </span>
  );
}
