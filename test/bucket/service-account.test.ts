// The check of the admin export and import's `serviceaccount_json` (base64 of a key file): a valid
// key is read with every field; each missing field is named, and broken base64, JSON or type refused.

import { test } from "node:test";
import assert from "node:assert/strict";
import { parseServiceAccount, ServiceAccountError } from "../../emulator/src/bucket/service-account.js";

const KEY = {
  type: "service_account",
  project_id: "demo-project",
  private_key_id: "abc",
  private_key: "-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n",
  client_email: "export@demo-project.iam.gserviceaccount.com",
  token_uri: "https://oauth2.googleapis.com/token",
};
const b64 = (v: unknown) => Buffer.from(typeof v === "string" ? v : JSON.stringify(v)).toString("base64");

function refused(input: string, message: string) {
  assert.throws(
    () => parseServiceAccount(input),
    (e: Error) => e instanceof ServiceAccountError && e.message === message,
    message,
  );
}

test("a valid key is read, with every field kept", () => {
  const sa = parseServiceAccount(b64(KEY));
  assert.equal(sa.type, "service_account");
  assert.equal(sa.project_id, "demo-project");
  assert.equal(sa.client_email, KEY.client_email);
  assert.equal(sa.private_key, KEY.private_key);
  assert.deepEqual(sa.raw, KEY);
  // Line breaks in the base64 (as `base64` writes it) and the URL-safe alphabet are read too.
  const wrapped = b64(KEY).replace(/(.{76})/g, "$1\n");
  assert.equal(parseServiceAccount(wrapped).client_email, KEY.client_email);
  assert.equal(parseServiceAccount(Buffer.from(JSON.stringify(KEY)).toString("base64url")).project_id, "demo-project");
});

test("each missing field is named, all at once", () => {
  const { client_email: _e, private_key: _k, ...rest } = KEY;
  refused(b64(rest), "serviceaccount_json lacks client_email, private_key");
  refused(b64({}), "serviceaccount_json lacks type, client_email, private_key, project_id");
  refused(b64({ ...KEY, project_id: " " }), "serviceaccount_json lacks project_id");
  refused(b64({ ...KEY, type: 1 }), "serviceaccount_json lacks type");
});

test("broken input is refused with what is wrong", () => {
  refused("", "serviceaccount_json is empty: it must be a service account key file, base64-encoded");
  refused("not base64!", "serviceaccount_json is not valid base64");
  refused("eyJhb", "serviceaccount_json is not valid base64");
  assert.throws(() => parseServiceAccount(b64("{not json")), /^ServiceAccountError: serviceaccount_json does not hold JSON after base64 decoding: /);
  refused(b64([1]), "serviceaccount_json must hold a JSON object");
  refused(b64({ ...KEY, type: "authorized_user" }), 'serviceaccount_json has type "authorized_user"; it must be "service_account"');
  refused(b64({ ...KEY, private_key: "secret" }), "serviceaccount_json private_key is not a PEM private key");
});
