// Inside the desktop app: the notice of a navigation the app refused (a redirect or a script's
// navigation away from the emulator, or a new window nobody clicked for), until dismissed. Nothing was
// opened; the URL is shown as text. In a browser there is no such notice (no window.svcDesktop).

import { useEffect, useState } from "react";
import { type BlockedNotice, desktop } from "../api/desktop";

const WHAT: Record<BlockedNotice["kind"], string> = {
  navigation: "A navigation",
  redirect: "A redirect",
  "new-window": "A new window without a click",
};

export function BlockedNavigation() {
  const [notice, setNotice] = useState<BlockedNotice>();
  useEffect(() => desktop()?.onNavigationBlocked?.(setNotice), []);
  if (!notice) return null;
  return (
    <div className="notice" role="status" data-testid="blocked-navigation">
      <span>
        {WHAT[notice.kind]} to <code className="notice-url">{notice.url}</code> was blocked: the app stays on the emulator, and only links you click open in
        your browser.
      </span>{" "}
      <button type="button" className="link" onClick={() => setNotice(undefined)}>
        Dismiss
      </button>
    </div>
  );
}
