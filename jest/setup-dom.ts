import '@testing-library/jest-dom/jest-globals';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks the encoding API that react-router uses.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Two cores run the whole suite in parallel: give asynchronous UI a little more time than the default second.
configure({ asyncUtilTimeout: 3000 });
