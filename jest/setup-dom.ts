import '@testing-library/jest-dom/jest-globals';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks the encoding API that react-router uses.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Two cores run the whole suite in parallel: give asynchronous UI a little more time than the default second.
configure({ asyncUtilTimeout: 3000 });

// jsdom has no fetch Request either; react-router's data routers make one per navigation (URL, method, signal).
if (typeof globalThis.Request === 'undefined') {
  class NavigationRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;

    constructor(input: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = String(input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
    }
  }
  Object.assign(globalThis, { Request: NavigationRequest });
}
