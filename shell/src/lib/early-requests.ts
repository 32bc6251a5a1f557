/**
 * The two answers the first render waits for (/config.json and who is signed in), asked for by the entry script
 * at once, while the browser still downloads React and the other shared libraries instead of after them. The
 * bootstrap reads them through an ApiClient whose fetch hands these answers out, once each, so they are checked
 * like any other answer. This file runs before the shared libraries are there: it imports nothing.
 */
const EARLY_URLS = ['/config.json', '/api/auth/check-login-status?optional=true'];

const early = new Map<string, Promise<Response>>();

export function startEarlyRequests() {
  for (const url of EARLY_URLS) {
    const answer = fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    // Read (or failed) later by the bootstrap: never an unhandled rejection in between.
    answer.catch(() => undefined);
    early.set(url, answer);
  }
}

/** fetch, but an early request's URL is answered from it (the first time). */
export function fetchWithEarlyAnswers(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const answer = early.get(url);
  if (!answer) return fetch(input, init);
  early.delete(url);
  return answer;
}
