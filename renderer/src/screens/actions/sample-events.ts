// Event types offered when choosing an event condition or firing an event, each with a sample of
// its payload (the `event_payload` targets receive) for the fire-event editor. Any other type can be
// typed in: the API checks no event names (docs/behaviour.md, SvcActions).

export const SAMPLE_EVENTS: Record<string, Record<string, unknown>> = {
  "user.human.added": {
    userName: "jane@example.com",
    firstName: "Jane",
    lastName: "Doe",
    email: "jane@example.com",
    preferredLanguage: "en",
  },
  "user.machine.added": { userName: "ci-bot", name: "CI bot", description: "builds" },
  "user.human.password.changed": { changeRequired: false },
  "user.removed": { userName: "jane@example.com" },
  "org.added": { name: "Acme" },
  "org.removed": { name: "Acme" },
  "project.added": { name: "Shop" },
  "session.added": { userAgent: { description: "Firefox" } },
  "target.added": { name: "demo", targetType: "rest_webhook", url: "http://localhost:9999/hook" },
};

export const EVENT_TYPES = Object.keys(SAMPLE_EVENTS);

/** The sample for a type: its own, or an empty object for a type without one (`constructor` typed in is no sample). */
export function samplePayload(type: string): string {
  return JSON.stringify(Object.hasOwn(SAMPLE_EVENTS, type) ? SAMPLE_EVENTS[type] : {}, null, 2);
}
