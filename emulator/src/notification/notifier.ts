// What the emulator sends: a verification code by email when a human's email is unverified (added
// or changed), by text message when their phone is. Every message lands in the outbox; with an
// active SMTP provider an email is also really sent over SMTP (nodemailer), and the outbox records
// whether that worked.

import { randomInt } from "node:crypto";
import type { Core } from "../domain/core.js";
import { activeProvider } from "../domain/provider/queries.js";
import { UserHumanAdded, UserHumanChanged } from "../domain/user/events.js";
import type { StoredEvent } from "../store/event-store.js";
import { addMessage, setMessageStatus, type OutboxMessage } from "../records/outbox.js";

const code = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

function send(core: Core, m: Omit<OutboxMessage, "id" | "providerId" | "status" | "error" | "createdAt">): void {
  const provider = activeProvider(core.db, m.instanceId, m.channel === "email" ? "smtp" : "sms");
  const message: OutboxMessage = {
    ...m,
    id: core.ids.next(),
    providerId: provider?.id ?? null,
    status: provider && m.channel === "email" ? "sending" : "outboxed",
    error: null,
    createdAt: core.clock.now().toISOString(),
  };
  addMessage(core.db, message);
  if (!provider || m.channel !== "email") return;
  const c = provider.config as {
    host: string;
    tls: boolean;
    user?: string;
    password?: string;
    senderAddress: string;
    senderName?: string;
    replyToAddress?: string;
  };
  const [host, port] = c.host.split(":");
  // Loaded on the first email only: nodemailer is large, and most runs send none.
  void import("nodemailer").then(
    ({ default: nodemailer }) =>
      deliver(
        nodemailer.createTransport({
          host,
          port: Number(port),
          secure: false,
          requireTLS: c.tls,
          ignoreTLS: !c.tls,
          ...(c.user ? { auth: { user: c.user, pass: c.password ?? "" } } : {}),
          connectionTimeout: 5000,
        }),
      ),
    (e: Error) => record("failed", `nodemailer could not be loaded: ${e.message}`),
  );
  const db = core.db;
  const deliver = (transport: import("nodemailer").Transporter) =>
    transport
      .sendMail({
        from: c.senderName ? `"${c.senderName}" <${c.senderAddress}>` : c.senderAddress,
        ...(c.replyToAddress ? { replyTo: c.replyToAddress } : {}),
        to: m.recipient,
        subject: m.subject,
        text: m.body,
      })
      .then(
        () => record("sent", null),
        (e: Error) => record("failed", e.message),
      )
      .finally(() => transport.close());
  // A delivery may end after the emulator closed (or reset): then there is nothing left to record.
  const record = (status: OutboxMessage["status"], error: string | null) => {
    try {
      setMessageStatus(db, message.id, status, error);
    } catch {
      /* database closed or replaced */
    }
  };
}

function onEvent(core: Core, e: StoredEvent): void {
  if (!UserHumanAdded.is(e) && !UserHumanChanged.is(e)) return;
  const p = e.payload as Record<string, unknown>;
  if (typeof p.email === "string" && p.emailVerified === false) {
    send(core, { instanceId: e.instanceId, channel: "email", recipient: p.email, subject: "Verify your email", body: `Your verification code: ${code()}` });
  }
  if (typeof p.phone === "string" && p.phone && p.phoneVerified !== true) {
    send(core, { instanceId: e.instanceId, channel: "sms", recipient: p.phone, subject: "Verify your phone", body: `Your verification code: ${code()}` });
  }
}

/** Starts sending for every committed event; returns the unsubscribe function. */
export function startNotifier(core: Core): () => void {
  return core.events.subscribe((events) => {
    for (const e of events) onEvent(core, e);
  });
}
