import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Names the part of the page in the log. */
  name: string;
  fallback: ReactNode;
  children: ReactNode;
}

/** Keeps a failure inside its part of the page: the app as a whole, or one remote page. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.name} failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
