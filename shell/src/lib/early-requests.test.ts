import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fetchWithEarlyAnswers, startEarlyRequests } from './early-requests.ts';

const MANIFEST = {
  metaData: { remoteEntry: { name: 'static/js/auth.1234abcd.js' } },
  exposes: [
    {
      name: 'LoginPage',
      assets: {
        js: {
          sync: ['static/js/async/__federation_expose_LoginPage.1234abcd.js'],
          async: [
            'static/js/async/i18n-en-auth-json.0a1b2c3d4e.js',
            'static/js/async/i18n-fr-auth-json.5f6a7b8c9d.js',
            'static/js/async/f.js',
          ],
        },
        css: { sync: ['static/css/async/__federation_expose_LoginPage.1234abcd.css'] },
      },
    },
    {
      name: 'RegisterPage',
      assets: {
        js: {
          sync: ['static/js/async/register.js'],
          async: [
            'static/js/async/i18n-en-auth-json.0a1b2c3d4e.js',
            'static/js/async/i18n-fr-auth-json.5f6a7b8c9d.js',
            'static/js/async/i18n-en-account-json.1a2b3c4d5e.js',
            'static/js/async/i18n-fr-account-json.6a7b8c9d0e.js',
          ],
        },
      },
    },
  ],
};

/** A stand-in answer: jsdom has no fetch of its own. */
function answer(body: unknown): Response {
  const response = { ok: true, json: () => Promise.resolve(body), clone: () => response };
  return response as unknown as Response;
}

function serve(loginStatus: unknown) {
  const bodies: Record<string, unknown> = {
    '/config.json': {
      remotes: { auth: '/mfe/auth/mf-manifest.json', courses: '/mfe/courses/mf-manifest.json' },
      languages: ['en', 'fr', 'de', 'it', 'rm'],
    },
    '/api/auth/check-login-status?optional=true': loginStatus,
    '/mfe/auth/mf-manifest.json': MANIFEST,
    '/mfe/courses/mf-manifest.json': {
      metaData: { remoteEntry: { name: 'static/js/courses.1234abcd.js' } },
      exposes: [
        {
          name: 'DashboardPage',
          assets: {
            js: {
              sync: ['static/js/async/dashboard.js'],
              async: ['static/js/async/i18n-de-courses-json.0123456789.js'],
            },
          },
        },
      ],
    },
  };
  const fetch = jest.fn((url: string) => Promise.resolve(answer(bodies[url] ?? null)));
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return fetch;
}

const preloaded = () =>
  [...document.head.querySelectorAll('link[rel=preload]')].map((link) => (link as HTMLLinkElement).href);

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('early requests', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('when a visitor opens /login, then the auth manifest is asked for and its entry and page files are preloaded', async () => {
    window.history.replaceState(null, '', '/login');
    const fetch = serve(null);
    startEarlyRequests();
    await settle();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/config.json',
      '/api/auth/check-login-status?optional=true',
      '/mfe/auth/mf-manifest.json',
    ]);
    expect(preloaded()).toEqual([
      'http://localhost/mfe/auth/static/js/auth.1234abcd.js',
      'http://localhost/mfe/auth/static/js/async/__federation_expose_LoginPage.1234abcd.js',
      'http://localhost/mfe/auth/static/css/async/__federation_expose_LoginPage.1234abcd.css',
      // The browser's language (jsdom: en-US), as i18next will detect it.
      'http://localhost/mfe/auth/static/js/async/i18n-en-auth-json.0a1b2c3d4e.js',
    ]);
  });

  it('when a visitor chose French on this device, then the French texts of the slice are preloaded', async () => {
    window.history.replaceState(null, '', '/login');
    localStorage.setItem('i18nextLng', 'fr');
    serve(null);
    startEarlyRequests();
    await settle();
    expect(preloaded()).toContain('http://localhost/mfe/auth/static/js/async/i18n-fr-auth-json.5f6a7b8c9d.js');
    expect(preloaded()).not.toContain('http://localhost/mfe/auth/static/js/async/i18n-en-auth-json.0a1b2c3d4e.js');
  });

  it('when a page has texts of its own beside the slice texts, then both are preloaded in the language it will show', async () => {
    window.history.replaceState(null, '', '/register');
    serve(null);
    startEarlyRequests();
    await settle();
    expect(preloaded()).toEqual([
      'http://localhost/mfe/auth/static/js/auth.1234abcd.js',
      'http://localhost/mfe/auth/static/js/async/register.js',
      'http://localhost/mfe/auth/static/js/async/i18n-en-auth-json.0a1b2c3d4e.js',
      'http://localhost/mfe/auth/static/js/async/i18n-en-account-json.1a2b3c4d5e.js',
    ]);
  });

  it('when someone is signed in, then the texts are those of their stored language, whatever the device says', async () => {
    window.history.replaceState(null, '', '/dashboard');
    localStorage.setItem('i18nextLng', 'fr');
    serve({ id: 'a1', email: 'ada@example.com', name: 'Ada', language: 'de', isSysAdmin: false });
    startEarlyRequests();
    await settle();
    expect(preloaded()).toEqual([
      'http://localhost/mfe/courses/static/js/courses.1234abcd.js',
      'http://localhost/mfe/courses/static/js/async/dashboard.js',
      'http://localhost/mfe/courses/static/js/async/i18n-de-courses-json.0123456789.js',
    ]);
  });

  it('when the runtime asks for the manifest by its absolute URL, then it gets the early answer, once', async () => {
    window.history.replaceState(null, '', '/login');
    const fetch = serve(null);
    startEarlyRequests();
    await settle();
    const manifest = await fetchWithEarlyAnswers('http://localhost/mfe/auth/mf-manifest.json');
    expect(await manifest.json()).toEqual(MANIFEST);
    expect(fetch).toHaveBeenCalledTimes(3);
    await fetchWithEarlyAnswers('http://localhost/mfe/auth/mf-manifest.json');
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('when nobody is signed in on a signed-in page, then no remote is guessed (the page goes to /login)', async () => {
    window.history.replaceState(null, '', '/dashboard');
    const fetch = serve(null);
    startEarlyRequests();
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(preloaded()).toEqual([]);
  });
});
