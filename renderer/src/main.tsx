// The UI's entry: the data cache, then the session first (nothing renders signed out), then the selection and the shell.

import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { queryClient } from "./api/query-client";
import { SelectionProvider } from "./context/selection";
import { SessionProvider } from "./context/session";
import "./styles.css";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <SelectionProvider>
          <App />
        </SelectionProvider>
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>,
);
