// What the renderer's modules take from the page they run in: WebCrypto as `window.crypto`
// (verify.ts, checklist.ts), which Node has on its global object, and fetch with URLs relative to the
// page's origin (api/http.ts, api/resource.ts), which servedFrom() resolves against an emulator's URL
// as a page served by it does. Nothing of the emulator is replaced: every request reaches it.

Object.assign(globalThis, { window: globalThis });

const nodeFetch = globalThis.fetch;

/** The renderer's fetches go to `origin`, as from a page loaded from it. */
export function servedFrom(origin: string): void {
  globalThis.fetch = (input, init) => nodeFetch(typeof input === "string" ? new URL(input, origin) : input, init);
}
