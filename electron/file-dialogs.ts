// File access for the renderer and the menus, always through a main-process dialog: the renderer
// gets a chosen file's name and text, or hands over bytes to save, and never names a path itself.

import { readFileSync, statSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import type { DialogPort, WindowPort } from "./ports.js";

/** The largest file read: the size the admin import accepts. */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

const JSON_FILTERS = [
  { name: "JSON", extensions: ["json"] },
  { name: "All files", extensions: ["*"] },
];

export class FileDialogError extends Error {}

export interface ChosenFile {
  name: string;
  text: string;
}

/** Asks for a JSON file and answers its name and text; null when the dialog was cancelled. */
export async function chooseJsonFile(dialog: DialogPort, window: WindowPort | undefined, title: string): Promise<ChosenFile | null> {
  const path = await chooseJsonPath(dialog, window, title);
  if (!path) return null;
  const size = statSync(path).size;
  if (size > MAX_FILE_BYTES) throw new FileDialogError(`${basename(path)} is ${size} bytes; the limit is ${MAX_FILE_BYTES} bytes (256 MiB)`);
  return { name: basename(path), text: readFileSync(path, "utf8") };
}

/** Asks for a JSON file and answers its path (for the main process only); null when cancelled. */
export async function chooseJsonPath(dialog: DialogPort, window: WindowPort | undefined, title: string): Promise<string | null> {
  const answer = await dialog.showOpenDialog(window, { title, properties: ["openFile"], filters: JSON_FILTERS });
  return answer.canceled ? null : (answer.filePaths[0] ?? null);
}

/** A suggested file name reduced to a plain name: no folders, no characters file systems refuse. */
export function safeFileName(name: string): string {
  const plain = basename(name.replace(/\\/g, "/"))
    .replace(/[<>:"|?*\p{Cc}]/gu, "_")
    .trim();
  return plain === "" || plain === "." || plain === ".." ? "export.json" : plain;
}

/**
 * Asks where to save a file (suggesting `name`) and writes `bytes` exactly as given (a Uint8Array: no
 * encoding in between, so the file is byte-equal to what the page downloaded); answers the saved
 * file's name, or null when cancelled.
 */
export async function saveBytesAs(dialog: DialogPort, window: WindowPort | undefined, name: unknown, bytes: unknown): Promise<{ name: string } | null> {
  if (typeof name !== "string" || !(bytes instanceof Uint8Array))
    throw new FileDialogError("saveExport(name, bytes) takes a file name (a string) and the file's bytes (a Uint8Array)");
  if (bytes.byteLength > MAX_FILE_BYTES) throw new FileDialogError(`the file is above ${MAX_FILE_BYTES} bytes (256 MiB)`);
  const answer = await dialog.showSaveDialog(window, { title: "Save export", defaultPath: safeFileName(name), filters: JSON_FILTERS });
  if (answer.canceled || !answer.filePath) return null;
  writeFileSync(answer.filePath, bytes);
  return { name: basename(answer.filePath) };
}
