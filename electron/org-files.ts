// Org export and import for the File menu, over the emulator's own HTTP APIs (the shell calls no
// emulator internals, so the menu does exactly what a script or the UI could do): the export is the
// admin ExportData rpc with the instance owner's PAT, the import the control API's atomic import.

import type { DesktopEmulator } from "./ports.js";

export interface ImportSummary {
  orgs: number;
  errors: { path: string; message: string }[];
}

/** A failed call, with the API's own message. */
export class OrgFileError extends Error {}

async function post(url: string, token: string, body: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

const messageOf = (text: string) => {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === "string" ? body.message : text;
  } catch {
    return text;
  }
};

/** The export document of every org of the default instance, exactly as the API answered it. */
export async function exportOrgs(emu: DesktopEmulator): Promise<string> {
  if (!emu.adminPat) throw new OrgFileError("The seed has no instance owner token, so there is nothing to export with.");
  const res = await post(`${emu.url}/admin/v1/export`, emu.adminPat, { responseOutput: true });
  if (res.status !== 200) throw new OrgFileError(`The export failed (${res.status}): ${messageOf(res.text)}`);
  return res.text;
}

/** Imports an org file's text into the default instance, all or nothing. */
export async function importOrgFile(emu: DesktopEmulator, text: string): Promise<ImportSummary> {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (e) {
    throw new OrgFileError(`The file is not JSON: ${(e as Error).message}`);
  }
  const res = await post(`${emu.url}/emulator/v1/orgs/_import`, emu.consoleToken, { document });
  if (res.status !== 200) throw new OrgFileError(`The import failed (${res.status}): ${messageOf(res.text)}`);
  const body = JSON.parse(res.text) as { errors: { path: string; message: string }[]; success: { orgs: unknown[] } };
  return { orgs: body.success.orgs.length, errors: body.errors.map(({ path, message }) => ({ path, message })) };
}
