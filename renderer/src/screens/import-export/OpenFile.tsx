// Opening an org document: a file picker, or a file dropped on the zone. The text is read in the
// browser; nothing is sent until the screen inspects it.

import { type DragEvent, useState } from "react";

export interface OpenedFile {
  name: string;
  text: string;
}

export function OpenFile({ onOpen }: { onOpen(file: OpenedFile): void }) {
  const [over, setOver] = useState(false);
  const read = async (file: File | undefined) => {
    if (file) onOpen({ name: file.name, text: await file.text() });
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void read(e.dataTransfer.files[0]);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the file input inside is the keyboard way
    <div
      className={over ? "drop-zone over" : "drop-zone"}
      data-testid="drop-zone"
      onDragOver={(e) => (e.preventDefault(), setOver(true))}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <label>
        Open an export file (JSON) <input type="file" accept=".json,application/json" onChange={(e) => void read(e.target.files?.[0])} />
      </label>
      <span className="muted">or drop it here</span>
    </div>
  );
}
