// Times on the emulator clock: read once, ticking here while it runs (a frozen clock stands still),
// and claim times shown as local, UTC and relative to the emulator's now.

import { useEffect, useState } from "react";
import { useClock } from "./api/read-clock";

/** The emulator's now (undefined until read), ticking every second while the clock runs. */
export function useEmulatorNow(): Date | undefined {
  const clock = useClock();
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, []);
  const state = clock.data;
  return state && new Date(Date.parse(state.now) + (state.frozen ? 0 : Date.now() - clock.dataUpdatedAt));
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
