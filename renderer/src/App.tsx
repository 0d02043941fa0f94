// The shell: skip link, navigation from the screen registry (Alt+<key> shortcuts), the instance
// picker, the theme toggle, the breadcrumb of the selected context, and the current screen; while it
// is shown, the change notices keep the cached data live (context/live-changes.ts).

import { type MouseEvent, Suspense, useEffect } from "react";
import { BlockedNavigation } from "./components/BlockedNavigation";
import { Breadcrumb } from "./components/Breadcrumb";
import { ScreenBoundary } from "./components/ScreenBoundary";
import { useLiveChanges } from "./context/live-changes";
import { useSelection } from "./context/selection";
import { href, navigate, usePath } from "./router";
import { SCREENS, screenOf } from "./screens/registry";
import { useTheme } from "./theme";

function follow(e: MouseEvent<HTMLAnchorElement>, path: string) {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  navigate(path);
}

export function App() {
  const path = usePath();
  const screen = screenOf(path);
  const [theme, toggleTheme] = useTheme();
  const { instance, instances, selectInstance } = useSelection();
  useLiveChanges();

  useEffect(() => {
    document.title = `${screen?.title ?? "Not found"} · svc-emulator`;
  }, [screen]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      const target = SCREENS.find((s) => s.shortcut === e.key);
      if (target) e.preventDefault(), navigate(target.path);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const Screen = screen?.component;
  return (
    <div className="shell">
      <a className="skip" href="#screen">
        Skip to content
      </a>
      <header className="top">
        <span className="brand">svc-emulator</span>
        <nav aria-label="Screens">
          <ul>
            {SCREENS.map((s) => (
              <li key={s.id}>
                <a
                  href={href(s.path)}
                  aria-current={s === screen ? "page" : undefined}
                  aria-keyshortcuts={`Alt+${s.shortcut}`}
                  onClick={(e) => follow(e, s.path)}
                >
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <label className="instance-picker">
          Instance{" "}
          <select value={instance?.id ?? ""} onChange={(e) => selectInstance(e.target.value)}>
            {instances.map((i) => (
              <option key={i.id} value={i.id}>
                {i.name}
              </option>
            ))}
          </select>
        </label>
        {/* The text says what a click does; aria-pressed says whether the dark theme is on. */}
        <button type="button" className="theme-toggle" onClick={toggleTheme} aria-pressed={theme === "dark"}>
          {theme === "dark" ? "Switch to light theme" : "Switch to dark theme"}
        </button>
      </header>
      <BlockedNavigation />
      <Breadcrumb />
      <main id="screen" tabIndex={-1}>
        {Screen ? (
          <ScreenBoundary key={screen.id}>
            <Suspense fallback={<p className="loading">Loading {screen.title}…</p>}>
              <Screen />
            </Suspense>
          </ScreenBoundary>
        ) : (
          <section>
            <h1>No screen here</h1>
            <p>
              Nothing lives at <code>{href(path)}</code>.{" "}
              <a href={href("/")} onClick={(e) => follow(e, "/")}>
                Go to the overview
              </a>
              .
            </p>
          </section>
        )}
      </main>
    </div>
  );
}
