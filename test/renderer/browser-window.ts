// The renderer reaches WebCrypto as `window.crypto` (verify.ts, checklist.ts). Node has the same
// WebCrypto on its global object, so its global object stands in for the window here.

Object.assign(globalThis, { window: globalThis });
