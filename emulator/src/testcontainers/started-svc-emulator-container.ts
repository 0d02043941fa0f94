// A running svc-emulator container: where it is reached from the test (url, issuer), its tokens, and
// reset() through the control API. stop() and everything else are the started container's.

import { AbstractStartedContainer, type StartedTestContainer } from "testcontainers";

export interface SvcEmulatorEndpoints {
  /** Where the test reaches every protocol: http://<runtime host>:<mapped port>. */
  url: string;
  /** The default instance's OIDC issuer at that URL (the public URL when one was given). */
  issuer: string;
  /** A personal access token of the seeded instance owner (resource and admin APIs). */
  adminPat: string;
  /** The bearer token of the control API, /emulator/v1. */
  consoleToken: string;
}

export class StartedSvcEmulatorContainer extends AbstractStartedContainer implements SvcEmulatorEndpoints {
  readonly url: string;
  readonly issuer: string;
  readonly adminPat: string;
  readonly consoleToken: string;

  constructor(started: StartedTestContainer, endpoints: SvcEmulatorEndpoints) {
    super(started);
    ({ url: this.url, issuer: this.issuer, adminPat: this.adminPat, consoleToken: this.consoleToken } = endpoints);
  }

  /** Back to the seeded state (database, clock, ids), in milliseconds: `POST /emulator/v1/reset`. */
  async reset(): Promise<void> {
    const res = await fetch(`${this.url}/emulator/v1/reset`, { method: "POST", headers: { authorization: `Bearer ${this.consoleToken}` } });
    if (res.status !== 200) throw new Error(`svc-emulator reset failed: ${res.status} ${await res.text()}`);
  }
}
