import { createContext } from 'react';

/** Loads the remote page of the surrounding <RemotePage> again. */
export const RemoteRetryContext = createContext<(() => void) | null>(null);
