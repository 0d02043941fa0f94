// The UI's entry: the session first (nothing renders signed out), then the selection and the shell.

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { SelectionProvider } from "./context/selection";
import { SessionProvider } from "./context/session";
import "./styles.css";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <SessionProvider>
      <SelectionProvider>
        <App />
      </SelectionProvider>
    </SessionProvider>
  </StrictMode>,
);
