// Keeps a screen's crash (or a lazy chunk that failed to load) inside the screen: the shell stays usable.

import { Component, type ReactNode } from "react";
import { ErrorBanner } from "./ErrorBanner";

export class ScreenBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    return this.state.error ? <ErrorBanner error={this.state.error} /> : this.props.children;
  }
}
