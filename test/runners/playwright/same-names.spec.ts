// The README's Playwright test file: tests on four workers write and read the same names, each worker on its own instance.
import { test as base, expect } from "@playwright/test";
import { svcEmulatorFixtures } from "svc-emulator/testing/playwright";

const test = base.extend(svcEmulatorFixtures);
test.use({ svcEmulatorPerTest: "reset" });

for (const n of [1, 2, 3, 4])
  test(`creates the same user name and signs alice in (${n})`, async ({ svcEmulator: emu, page }) => {
    const create = () =>
      emu.fetch(`${emu.url}/resources/v3alpha/users/machine`, {
        method: "POST",
        headers: { authorization: `Bearer ${emu.adminPat}`, "content-type": "application/json" },
        body: JSON.stringify({ username: "same-name", name: "Same" }),
      });
    expect((await create()).status).toBe(201);
    expect((await create()).status).toBe(409);

    await page.goto(`${emu.issuer}/ui/demo/`);
    await page.click("#signin");
    await page.click("text=Alice Allen");
    await expect(page.locator("#status")).toHaveText("Signed in.");
    const claims = JSON.parse((await page.textContent("#idclaims"))!) as { iss: string; sub: string };
    expect(claims).toMatchObject({ iss: emu.issuer, sub: emu.ids.users.alice });
  });
