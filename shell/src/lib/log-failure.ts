import type { ErrorInfo } from 'react';

/** An error boundary's report: which part of the page failed, the error and the component stack. */
export const logFailure =
  (part: string) =>
  (error: unknown, info: ErrorInfo): void => {
    console.error(`${part} failed`, error, info.componentStack);
  };
