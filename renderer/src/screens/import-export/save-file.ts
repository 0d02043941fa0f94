// Saving a file the UI made: the desktop app's preload offers a native save dialog
// (window.svcDesktop.saveExport); in a browser a Blob URL behind a download link does it.

interface DesktopBridge {
  /** Writes the bytes unchanged: the file equals the browser's download of the same export. */
  saveExport(name: string, bytes: Uint8Array): Promise<unknown> | unknown;
}

export function desktopBridge(): DesktopBridge | undefined {
  const bridge = (window as unknown as { svcDesktop?: Partial<DesktopBridge> }).svcDesktop;
  return typeof bridge?.saveExport === "function" ? (bridge as DesktopBridge) : undefined;
}

/** A file name with the emulator's time, safe on every file system: svc-export-2026-11-25T00-12-03Z.json. */
export function exportFileName(at: string): string {
  return `svc-export-${at.replace(/\.\d+Z$/, "Z").replace(/:/g, "-")}.json`;
}
