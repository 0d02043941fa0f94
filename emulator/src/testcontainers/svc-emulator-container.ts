// `svc-emulator/testcontainers` (issue 28): the image as a Testcontainers module, written as the
// @testcontainers/* modules are (a GenericContainer whose start() answers a started container of its
// own). It runs the image in memory with port 8080 exposed, waits for the ready endpoint through the
// mapped port (failing at once with the logs when the container exits, e.g. on bad fixtures), then
// reads the one-line ready JSON from the logs for the tokens. Without a public URL the issuer follows
// the Host, so discovery and tokens at the mapped port agree. `testcontainers` is an optional peer
// dependency: only users of this entry install it.

import { readFileSync } from "node:fs";
import { GenericContainer, getContainerRuntimeClient, Wait } from "testcontainers";
import { admittedHostNames } from "./host-names.js";
import { readReadyLine } from "./ready-line.js";
import { StartedSvcEmulatorContainer } from "./started-svc-emulator-container.js";

/** What `npm run container` tags; the image is built locally, not pulled from a registry. */
export const SVC_EMULATOR_IMAGE = "localhost/svc-emulator:latest";
/** The port the image serves every protocol on. */
export const SVC_EMULATOR_PORT = 8080;
/** The health path the image's HEALTHCHECK and this module wait on. */
export const SVC_EMULATOR_READY_PATH = "/emulator/v1/ready";
const FIXTURES_IN_CONTAINER = "/etc/svc-emulator/fixtures.json";

export class SvcEmulatorContainer extends GenericContainer {
  private publicUrl: string | undefined;
  private readonly hostNames: string[] = [];
  private readonly aliases: string[] = [];

  constructor(image: string = SVC_EMULATOR_IMAGE) {
    super(image);
    this.withExposedPorts(SVC_EMULATOR_PORT)
      .withCommand(["start", "--json"])
      .withEnvironment({ SVC_EMULATOR_IN_MEMORY: "1" })
      .withWaitStrategy(Wait.forHttp(SVC_EMULATOR_READY_PATH, SVC_EMULATOR_PORT, { abortOnContainerExit: true }).forStatusCode(200))
      .withStartupTimeout(60_000);
  }

  /** Seeds from a fixture file (its path, read now, or its parsed content); fixtures/README.md has the format. */
  withFixtures(fixtures: string | object): this {
    const content = typeof fixtures === "string" ? readFileSync(fixtures) : JSON.stringify(fixtures);
    return this.withCopyContentToContainer([{ content, target: FIXTURES_IN_CONTAINER, mode: 0o644 }]).withEnvironment({
      SVC_EMULATOR_FIXTURES: FIXTURES_IN_CONTAINER,
    });
  }

  /** The default instance's issuer under every admitted name (e.g. the URL a browser uses). */
  withPublicUrl(url: string): this {
    this.publicUrl = url;
    return this.withEnvironment({ SVC_EMULATOR_PUBLIC_URL: url });
  }

  /** More host names served as the default instance (a name not admitted is refused, 403). */
  withHostNames(...names: string[]): this {
    this.hostNames.push(...names);
    return this;
  }

  /** Network aliases are admitted as host names too: other containers on the network reach it by them. */
  override withNetworkAliases(...aliases: string[]): this {
    this.aliases.push(...aliases);
    return super.withNetworkAliases(...aliases);
  }

  override async start(): Promise<StartedSvcEmulatorContainer> {
    const runtimeHost = (await getContainerRuntimeClient()).info.containerRuntime.host;
    const fromEnvironment = (this.environment.SVC_EMULATOR_HOST_NAMES ?? "").split(",").filter(Boolean);
    const names = admittedHostNames([...fromEnvironment, ...this.hostNames, ...this.aliases], runtimeHost);
    if (names.length) this.withEnvironment({ SVC_EMULATOR_HOST_NAMES: names.join(",") });
    const started = await super.start();
    const ready = await readReadyLine(started);
    const url = `http://${started.getHost()}:${started.getMappedPort(SVC_EMULATOR_PORT)}`;
    return new StartedSvcEmulatorContainer(started, { url, issuer: this.publicUrl ?? url, adminPat: ready.adminPat, consoleToken: ready.consoleToken });
  }
}
