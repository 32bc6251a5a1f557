import '@testing-library/jest-dom/jest-globals';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { BroadcastChannel } from 'node:worker_threads';

// jsdom lacks the encoding API that react-router uses.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Two cores run the whole suite in parallel: give asynchronous UI a little more time than the default second.
configure({ asyncUtilTimeout: 3000 });

// jsdom lacks BroadcastChannel, which the shell's tabs use to agree on the session: Node's works alike.
Object.assign(globalThis, { BroadcastChannel });
