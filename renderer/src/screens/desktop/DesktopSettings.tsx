// The desktop app's settings (issue 14), listed only inside the app: the port (free or fixed), open at
// login, the fixture file a new data folder is seeded from, and the data folder. Stored by the app's
// main process through window.svcDesktop; port and fixture file apply at the next start.

import { type FormEvent, useEffect, useState } from "react";
import { desktop } from "../../api/desktop";
import { Card } from "../../components/Card";
import { ErrorBanner } from "../../components/ErrorBanner";
import { useDesktopSettings, useRevealDataDir, useSetDesktopSettings } from "./api/settings";

export default function DesktopSettings() {
  const inApp = desktop() !== undefined;
  const stored = useDesktopSettings();
  const action = useSetDesktopSettings();
  const reveal = useRevealDataDir();
  const [fixed, setFixed] = useState(false);
  const [port, setPort] = useState("");
  const [openAtLogin, setOpenAtLogin] = useState(false);
  const [done, setDone] = useState("");

  useEffect(() => {
    const s = stored.data;
    if (!s) return;
    setFixed(s.port !== null);
    setPort(s.port === null ? "" : String(s.port));
    setOpenAtLogin(s.openAtLogin);
  }, [stored.data]);

  if (!inApp) return null;
  const save = (e: FormEvent) => {
    e.preventDefault();
    reveal.reset();
    action.mutate({ port: fixed ? Number(port) : null, openAtLogin }, { onSuccess: () => setDone("Saved. The port applies at the next start.") });
  };
  const clearFixture = () => (reveal.reset(), action.mutate({ fixtureFile: null }, { onSuccess: () => setDone("The default seed is used again.") }));
  const error = action.error ?? reveal.error;
  const s = stored.data;

  return (
    <>
      <h1>Desktop</h1>
      <div className="grid">
        <Card title="App settings">
          <ErrorBanner error={stored.error ?? error} onDismiss={error ? () => (action.reset(), reveal.reset()) : undefined} />
          <p className="muted" aria-live="polite">
            {done}
          </p>
          {s && (
            <form onSubmit={save}>
              <fieldset>
                <legend>Port</legend>
                <label className="row">
                  <input type="radio" name="port-mode" checked={!fixed} onChange={() => setFixed(false)} /> A free port at each start
                </label>
                <label className="row">
                  <input type="radio" name="port-mode" checked={fixed} onChange={() => setFixed(true)} /> Fixed port
                  <input
                    type="number"
                    min={1024}
                    max={65535}
                    required={fixed}
                    disabled={!fixed}
                    value={port}
                    onChange={(e) => setPort(e.target.value)}
                    aria-label="Fixed port number"
                  />
                </label>
              </fieldset>
              <label className="row">
                <input type="checkbox" checked={openAtLogin} onChange={(e) => setOpenAtLogin(e.target.checked)} /> Open at login
              </label>
              <div className="row">
                <button type="submit" disabled={action.isPending}>
                  Save settings
                </button>
              </div>
            </form>
          )}
        </Card>
        <Card title="Data">
          <p>
            Fixture file: <strong data-testid="fixture-file">{s?.fixtureFile ?? "none (the default seed)"}</strong>
          </p>
          <p className="muted">It seeds a new data folder. Choose one with File &gt; Start with fixture file… in the menu.</p>
          <div className="row">
            {s?.fixtureFile && (
              <button type="button" onClick={clearFixture}>
                Use the default seed
              </button>
            )}
            <button type="button" onClick={() => (action.reset(), reveal.mutate())}>
              Open data folder
            </button>
          </div>
        </Card>
      </div>
    </>
  );
}
