// What the detail beside the tree (Detail.tsx) gives each of its panels: the selected node, its path
// and what to do after a change. Apart from Detail.tsx so that the panels Detail shows can take it
// without importing Detail back. A panel reaches the node's instance through the api/ hooks.

import type { TreeNode } from "./tree";

export interface DetailProps {
  node: TreeNode;
  /** Names from the system down to the node. */
  path: string[];
  /** The node is the default instance (which cannot be deleted). */
  isDefaultInstance: boolean;
  /** After an org changed (the tree is reloaded by then): `select` an org, or `null` to clear the selected org. */
  onChanged(select?: { id: string; name: string } | null): void;
  /** Instances were created or deleted (the session is read again by then): select `selected` (null: back to the default). */
  onInstancesChanged(selected: string | null): void;
}
