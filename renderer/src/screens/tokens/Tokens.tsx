// The tokens screen (issue 13, screen 4): every issued token, and the inspector below /tokens/inspect.

import { usePath } from "../../router";
import { INSPECT_PATH } from "../../links/token-inspector";
import { Inspector } from "./Inspector";
import { TokenList } from "./TokenList";

export default function Tokens() {
  return usePath() === INSPECT_PATH ? <Inspector /> : <TokenList />;
}
