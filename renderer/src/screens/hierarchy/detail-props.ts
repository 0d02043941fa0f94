// What the detail beside the tree (Detail.tsx) gives each of its panels: the selected node, its path,
// its instance's calls and what to do after a change. Apart from Detail.tsx so that the panels Detail
// shows can take it without importing Detail back.

import type { HierarchyApi } from "./api";
import type { TreeNode } from "./tree";

export interface DetailProps {
  node: TreeNode;
  /** Names from the system down to the node. */
  path: string[];
  /** The resource and settings calls of the node's instance. */
  api: HierarchyApi;
  /** The node is the default instance (which cannot be deleted). */
  isDefaultInstance: boolean;
  /** Reload the tree; `select` an org afterwards, or `null` to clear the selected org. */
  onChanged(select?: { id: string; name: string } | null): Promise<void>;
  /** Instances were created or deleted: read them again and select `selected` (null: back to the default). */
  onInstancesChanged(selected: string | null): Promise<void>;
}
