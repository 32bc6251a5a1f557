/**
 * The answers the first page needs, asked for by the entry script at once, while the browser still downloads
 * React and the other shared libraries instead of after them: /config.json, who is signed in, then the shell's
 * texts in the language the page will show, and the manifest of the remote that draws the page, whose entry
 * script, page module, styles and texts are preloaded. The bootstrap and the module-federation runtime read these
 * answers through fetchWithEarlyAnswers, once each, so they are checked like any other answer. This file runs
 * before the shared libraries are there: it imports nothing but the page registry and the shell's texts' loaders.
 */
import type { Language } from '@portal/contracts/languages';
import { pageAt } from '@portal/contracts/pages';

const CONFIG_URL = '/config.json';
const LOGIN_STATUS_URL = '/api/auth/check-login-status?optional=true';

const early = new Map<string, Promise<Response>>();

/** The key of a URL however it is written (the runtime asks for manifests by absolute URL). */
const keyOf = (url: string) => new URL(url, document.baseURI).href;

/** Asks for `url` now; the answer is kept for its reader, and a copy is returned to read here. */
function ask(url: string): Promise<Response> {
  const answer = fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  // Read (or failed) later: never an unhandled rejection in between.
  answer.catch(() => undefined);
  early.set(keyOf(url), answer);
  return answer.then((response) => response.clone());
}

/** The remote and page module that draw this path for this visitor, from the page registry the router reads. */
function remotePageOf(pathname: string, signedIn: boolean): { remote: string; exposed: string } | undefined {
  const page = pageAt(pathname);
  if (!page?.remote || !page.exposed) return undefined;
  const forThisVisitor = signedIn ? page.audience !== 'visitors' : page.audience !== 'signed-in';
  return forThisVisitor ? { remote: page.remote, exposed: page.exposed.replace(/^\.\//, '') } : undefined;
}

interface Manifest {
  metaData?: { remoteEntry?: { name?: string } };
  exposes?: { name: string; assets?: { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[] } } }[];
}

/**
 * The language the page will show: the signed-in user's, or the one i18next will detect (lib/i18n.ts). Asks for
 * the shell's texts in it. The detector runs here, once the answers are in, not in the entry's first task.
 */
async function askForTexts(loginStatus: unknown, languages: readonly string[]): Promise<Language | undefined> {
  const { detectedLanguage, isInterfaceLanguage, SHELL_TRANSLATIONS } = await import(
    /* webpackMode: "eager" */ './interface-language.ts'
  );
  const stored = (loginStatus as { language?: unknown } | null)?.language;
  const language = isInterfaceLanguage(stored) ? stored : detectedLanguage(languages);
  // The same chunk the bootstrap loads them from: asked for now, it is there (or on its way) by then.
  if (language) SHELL_TRANSLATIONS[language]().catch(() => undefined);
  return language;
}

function preload(href: string, as: 'script' | 'style') {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = as;
  link.href = href;
  document.head.append(link);
}

/** Fetches the manifest of the page's remote and preloads what the runtime loads next from it. */
async function askForPage(config: Promise<Response>, loginStatus: Promise<Response>) {
  const [configAnswer, statusAnswer] = await Promise.all([config, loginStatus]);
  if (!configAnswer.ok || !statusAnswer.ok) return;
  const { remotes, languages = [] } = (await configAnswer.json()) as {
    remotes?: Record<string, string>;
    languages?: string[];
  };
  const status: unknown = await statusAnswer.json();
  const language = await askForTexts(status, languages);
  const page = remotePageOf(location.pathname, status !== null);
  const manifestUrl = page && remotes?.[page.remote];
  if (!page || !manifestUrl) return;
  const manifestAnswer = await ask(manifestUrl);
  if (!manifestAnswer.ok) return;
  const manifest = (await manifestAnswer.json()) as Manifest;
  // The manifest's files are relative to it (`publicPath: 'auto'`).
  const fileUrl = (file: string) => new URL(file, keyOf(manifestUrl)).href;
  const entry = manifest.metaData?.remoteEntry?.name;
  if (entry) preload(fileUrl(entry), 'script');
  const assets = manifest.exposes?.find(({ name }) => name === page.exposed)?.assets;
  for (const file of assets?.js?.sync ?? []) preload(fileUrl(file), 'script');
  for (const file of assets?.css?.sync ?? []) preload(fileUrl(file), 'style');
  // The page's texts in that language, the slice's and any of the page's own namespaces (web-kit/src/i18n.ts names
  // their chunks), which its page awaits.
  if (!language) return;
  const textsFile = new RegExp(`(^|/)i18n-${language}-[\\w-]+\\.[0-9a-f]+\\.js$`);
  for (const file of assets?.js?.async ?? []) if (textsFile.test(file)) preload(fileUrl(file), 'script');
}

export function startEarlyRequests() {
  // A guess that fails only costs the bootstrap its head start: it asks again.
  askForPage(ask(CONFIG_URL), ask(LOGIN_STATUS_URL)).catch(() => undefined);
}

/** fetch, but an early request's URL is answered from it (the first time). */
export function fetchWithEarlyAnswers(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = keyOf(String(input));
  const answer = early.get(url);
  if (!answer) return fetch(input, init);
  early.delete(url);
  return answer;
}
