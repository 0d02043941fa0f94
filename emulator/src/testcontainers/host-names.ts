// The host names the emulator in the container must admit: those given, the network aliases, and the
// name under which the test reaches the runtime's published ports (Testcontainers' host: a remote or
// Docker-in-Docker runtime's name, `docker` for DOCKER_HOST=tcp://docker:2375, or a bridge's gateway).
// Loopback names are admitted anyway, and listing one is harmless; an IPv6 literal cannot be listed.

export function admittedHostNames(names: string[], runtimeHost: string): string[] {
  return [...new Set(runtimeHost.includes(":") ? names : [...names, runtimeHost])];
}
