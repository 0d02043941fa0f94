// SvcSMTPProviders and SvcSMSProviders (issue 4 "Messages go somewhere real"): every message the
// emulator sends lands in the outbox of the control API; with an active SMTP provider an email is
// really delivered to a local SMTP server (smtp-server on loopback), and a failed delivery says so.

import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { SvcSMTPProviders } from "../../emulator/src/gen/svc/resources/smtp/v3alpha/smtp_service_pb.js";
import { SvcSMSProviders } from "../../emulator/src/gen/svc/resources/sms/v3alpha/sms_service_pb.js";
import { fails, ok } from "../helpers/assertions.js";
import { request } from "../helpers/emulator.js";
import { B, setUpResourceTest } from "../helpers/resource-test.js";

const received: { from: string; to: string[]; data: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, done) {
    let data = "";
    stream.on("data", (c: Buffer) => (data += c.toString()));
    stream.on("end", () => {
      const from = session.envelope.mailFrom;
      received.push({ from: from === false ? "" : from.address, to: session.envelope.rcptTo.map((r) => r.address), data });
      done();
    });
  },
});
await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", r));
after(() => smtp.close());
const smtpPort = (smtp.server.address() as AddressInfo).port;

const { emu, ctl, pat, transports } = await setUpResourceTest();
const smtpApi = transports({
  service: SvcSMTPProviders,
  protoFile: "svc/resources/smtp/v3alpha/smtp_service.proto",
  routes: {
    CreateSMTPProvider: { verb: "POST", path: `${B}/smtp_providers`, body: "provider" },
    PatchSMTPProvider: { verb: "PATCH", path: `${B}/smtp_providers/{id}`, body: "provider" },
    DeleteSMTPProvider: { verb: "DELETE", path: `${B}/smtp_providers/{id}` },
    GetSMTPProvider: { verb: "GET", path: `${B}/smtp_providers/{id}` },
    SearchSMTPProviders: { verb: "POST", path: `${B}/smtp_providers/_search`, body: "filters" },
    ActivateSMTPProvider: { verb: "POST", path: `${B}/smtp_providers/{id}/_activate` },
    DeactivateSMTPProvider: { verb: "POST", path: `${B}/smtp_providers/{id}/_deactivate` },
  },
});
const smsApi = transports({
  service: SvcSMSProviders,
  protoFile: "svc/resources/sms/v3alpha/sms_service.proto",
  routes: {
    CreateSMSProvider: { verb: "POST", path: `${B}/sms_providers`, body: "provider" },
    GetSMSProvider: { verb: "GET", path: `${B}/sms_providers/{id}` },
    ActivateSMSProvider: { verb: "POST", path: `${B}/sms_providers/{id}/_activate` },
  },
});
after(() => (smtpApi.close(), smsApi.close()));

type Message = { channel: string; recipient: string; subject: string; body: string; status: string; error: string | null; providerId: string | null };
const outbox = async (recipient: string) => (await ctl.as("outbox", `/outbox?recipient=${encodeURIComponent(recipient)}`)).body.messages;
async function settled(recipient: string): Promise<Message> {
  for (let i = 0; i < 100; i++) {
    const [m] = await outbox(recipient);
    if (m && m.status !== "sending") return m;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no settled message for ${recipient}`);
}
const human = (name: string, extra: Record<string, unknown> = {}) =>
  request(`${emu.url}${B}/users/human`, {
    method: "POST",
    token: pat,
    json: { username: name, profile: { givenName: "N", familyName: "N" }, email: { email: `${name}@example.test`, isVerified: false }, ...extra },
  });

describe("SMTP providers", () => {
  for (const t of smtpApi.all) {
    it(`keeps the password write-only and one provider active over ${t.name}`, async () => {
      const provider = { description: t.name, senderAddress: "noreply@example.test", host: "127.0.0.1:1", user: "u", password: "secret" };
      const a = (ok(await t.call("CreateSMTPProvider", { provider }, pat), 201).details as { id: string }).id;
      const b = (ok(await t.call("CreateSMTPProvider", { provider }, pat), 201).details as { id: string }).id;
      const got = ok(await t.call("GetSMTPProvider", { id: a }, pat)).provider as { provider: Record<string, unknown> };
      assert.deepEqual(got.provider, { description: t.name, senderAddress: "noreply@example.test", host: "127.0.0.1:1", user: "u" });
      ok(await t.call("ActivateSMTPProvider", { id: a }, pat));
      ok(await t.call("ActivateSMTPProvider", { id: b }, pat));
      const active = ok(await t.call("SearchSMTPProviders", { filters: [{ active: { active: true } }] } as never, pat));
      assert.deepEqual(
        ((active.result ?? []) as { details: { id: string } }[]).map((r) => r.details.id),
        [b],
      );
      ok(await t.call("DeactivateSMTPProvider", { id: b }, pat));
      ok(await t.call("DeleteSMTPProvider", { id: a }, pat));
      ok(await t.call("DeleteSMTPProvider", { id: b }, pat));
      fails(await t.call("GetSMTPProvider", { id: a }, pat), 5, 404, /SMTP provider not found/);
      fails(await t.call("CreateSMTPProvider", { provider: { ...provider, host: "no port" } }, pat), 3, 400, /\[string\.pattern\]/);
    });
  }
});

describe("messages", () => {
  before(async () => void (await ctl("/outbox", { method: "DELETE" })));

  it("puts a verification email in the outbox when no SMTP provider is active", async () => {
    assert.equal((await human("nomail")).status, 201);
    const m = await settled("nomail@example.test");
    assert.deepEqual([m.channel, m.subject, m.status, m.providerId], ["email", "Verify your email", "outboxed", null]);
    assert.match(m.body, /^Your verification code: \d{6}$/);
  });

  it("really sends the email over SMTP through the active provider", async () => {
    const created = await request(`${emu.url}${B}/smtp_providers`, {
      method: "POST",
      token: pat,
      json: { senderAddress: "noreply@example.test", senderName: "Svc", host: `127.0.0.1:${smtpPort}` },
    });
    const id = (created.body as { details: { id: string } }).details.id;
    await request(`${emu.url}${B}/smtp_providers/${id}/_activate`, { method: "POST", token: pat });
    assert.equal((await human("mailed")).status, 201);
    const m = await settled("mailed@example.test");
    assert.deepEqual([m.status, m.error, m.providerId], ["sent", null, id]);
    const delivered = received.find((r) => r.to.includes("mailed@example.test"))!;
    assert.equal(delivered.from, "noreply@example.test");
    assert.match(delivered.data, /Subject: Verify your email/);
    assert.ok(delivered.data.includes(m.body), "the code in the outbox is the code that was sent");
  });

  it("records a failed delivery with its reason", async () => {
    const created = await request(`${emu.url}${B}/smtp_providers`, {
      method: "POST",
      token: pat,
      json: { senderAddress: "noreply@example.test", host: "127.0.0.1:9" },
    });
    await request(`${emu.url}${B}/smtp_providers/${(created.body as { details: { id: string } }).details.id}/_activate`, { method: "POST", token: pat });
    await human("failing");
    const m = await settled("failing@example.test");
    assert.equal(m.status, "failed");
    assert.match(m.error!, /ECONNREFUSED/);
  });

  it("puts a verification SMS in the outbox through the active SMS provider", async () => {
    const t = smsApi.all[0]!;
    const id = (
      ok(await t.call("CreateSMSProvider", { provider: { description: "twilio", twilio: { sid: "AC1", senderNumber: "+100", token: "tok" } } }, pat), 201)
        .details as { id: string }
    ).id;
    assert.deepEqual((ok(await t.call("GetSMSProvider", { id }, pat)).provider as { provider: unknown }).provider, {
      description: "twilio",
      twilio: { sid: "AC1", senderNumber: "+100" },
    });
    ok(await t.call("ActivateSMSProvider", { id }, pat));
    await human("texted", { phone: { phone: "+41790000000" } });
    const m = await settled("+41790000000");
    assert.deepEqual([m.channel, m.subject, m.status, m.providerId], ["sms", "Verify your phone", "outboxed", id]);
  });
});
