// What every query and write of the users screen needs from the selection: the selected instance's id
// (the keys' scope; "" when the emulator has no instance) and its resource client.

import { useSelection } from "../../../context/selection";

export function useScope() {
  const { instance, resource } = useSelection();
  return { instanceId: instance?.id ?? "", controlInstanceId: instance?.id, resource };
}
