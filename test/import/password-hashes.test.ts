// Imported password hashes (issue 12): bcrypt ($2a$, $2b$, $2y$), scrypt and pbkdf2 in the Modular
// Crypt Format the product reads and argon2 (PHC format) sign in through SvcSessions like a password
// set in the emulator; md5-crypt, argon2 beyond its work-factor bounds and non-MCF values are
// refused at import with an error naming the algorithm.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { pbkdf2Sync, scryptSync } from "node:crypto";
import bcrypt from "bcryptjs";
import { argon2i, argon2id } from "hash-wasm";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { controlApi } from "../helpers/control-client.js";

const emu = await startTestEmulator();
const control = controlApi(emu);
const PASSWORD = "Migrated-Pa55!";
const salt = Buffer.from("an-import-test-salt");
const b64 = (b: Buffer) => b.toString("base64").replace(/=+$/, "");
const ab64 = (b: Buffer) => b64(b).replace(/\+/g, ".");

const HASHES: Record<string, string> = {
  bcrypt2a: bcrypt.hashSync(PASSWORD, 4).replace(/^\$2b\$/, "$2a$"),
  bcrypt2y: bcrypt.hashSync(PASSWORD, 4).replace(/^\$2b\$/, "$2y$"),
  scrypt: `$scrypt$ln=10,r=8,p=1$${b64(salt)}$${b64(scryptSync(PASSWORD, salt, 32, { N: 1024, r: 8, p: 1 }))}`,
  pbkdf2sha1: `$pbkdf2$1000$${ab64(salt)}$${ab64(pbkdf2Sync(PASSWORD, salt, 1000, 20, "sha1"))}`,
  pbkdf2sha256: `$pbkdf2-sha256$1000$${ab64(salt)}$${ab64(pbkdf2Sync(PASSWORD, salt, 1000, 32, "sha256"))}`,
  pbkdf2sha512: `$pbkdf2-sha512$1000$${ab64(salt)}$${ab64(pbkdf2Sync(PASSWORD, salt, 1000, 64, "sha512"))}`,
};
const argon2 = { password: PASSWORD, salt, iterations: 2, parallelism: 1, memorySize: 1024, hashLength: 32, outputType: "encoded" } as const;
HASHES.argon2id = await argon2id(argon2);
HASHES.argon2i = await argon2i(argon2);

const human = (n: number, userName: string, hash: string) => ({
  userId: `60000000000000000${n}`,
  user: { userName, profile: { firstName: "M", lastName: "G" }, email: { email: `${userName}@m.example` }, hashedPassword: { value: hash } },
});

const session = (loginName: string, password: string) =>
  request(`${emu.url}/resources/v3alpha/sessions`, { method: "POST", token: emu.adminPat, json: { user: { loginName }, password: { password } } });

describe("imported password hashes", () => {
  it("sign in with bcrypt, scrypt, pbkdf2 and argon2 hashes and refuse a wrong password", async () => {
    const humanUsers = Object.entries(HASHES).map(([name, hash], i) => human(i, `hash-${name.toLowerCase()}`, hash));
    const r = await control.importDocument({ body: { document: { orgs: [{ orgId: "600000000000000100", org: { name: "Hashes" }, humanUsers }] } } });
    assert.deepEqual(r.body.errors, []);
    for (const name of Object.keys(HASHES)) {
      const loginName = `hash-${name.toLowerCase()}`;
      const ok = await session(loginName, PASSWORD);
      assert.equal(ok.status, 201, `${name}: ${ok.text}`);
      assert.equal((await session(loginName, "wrong")).status, 400, name);
    }
  });

  it("refuses md5-crypt, an argon2 hash beyond its bounds and non-MCF values at import, naming why, and stores nothing", async () => {
    const doc = {
      orgs: [
        {
          orgId: "600000000000000200",
          org: { name: "Unsupported" },
          humanUsers: [
            human(7, "argon", "$argon2id$v=19$m=4194304,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo"),
            human(8, "md5", "$1$saltsalt$2vnaRpHa6Jxjz5n83ok8Z0"),
            human(9, "plain", "not-a-hash"),
          ],
        },
      ],
    };
    const r = await control.importDocument({ body: { document: doc } });
    const errors = r.body.errors;
    assert.deepEqual(
      errors.map((e) => [e.type, e.id, e.path]),
      [7, 8, 9].map((n, i) => ["human_user", `60000000000000000${n}`, `orgs[0].humanUsers[${i}].user.hashedPassword.value`]),
    );
    assert.match(errors[0]!.message, /argon2 memory cost m=4194304 is above 262144 KiB/);
    assert.match(errors[1]!.message, /algorithm md5-crypt is not supported/);
    assert.match(errors[2]!.message, /not in Modular Crypt Format/);
    const orgs = await control.validateDocument({ body: { document: doc } });
    assert.equal(orgs.body.valid, false);
    const none = await session("argon", "x");
    assert.notEqual(none.status, 201, "the refused user was not stored");
  });
});
