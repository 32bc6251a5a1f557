/**
 * The portal's navigation guard: a page with unsaved work holds the user back from every way out (spec §2), and
 * the page itself asks in its own dialog. One module state for the whole portal: this file reaches the apps only
 * through the shared `react-router-dom` (router.ts), a singleton, so the shell's router and a slice's page see the
 * same holds. It works with the plain `<BrowserRouter>` (and `<MemoryRouter>` in tests); React Router's data router,
 * whose `useBlocker` did this before, cost every page more JavaScript than the rest of the router.
 *
 * The ways out, and where each is held back:
 * - a click on an in-app link (`<Link>`, `<NavLink>`, a plain same-origin `<a>`): a click listener on the document,
 *   in the capture phase, before React Router's own handler;
 * - Back and Forward: a popstate listener put before the router's, which puts the entry back and then asks;
 * - navigation from code (`useNavigate()` of `react-router-dom`, the shell's Log out among them): the guarded
 *   `useNavigate` below;
 * - closing or reloading the tab: beforeunload, whose dialog only the browser draws.
 * Only leaving the page counts: another path or query string; a change of the hash alone is let through.
 */
import {
  type NavigateFunction,
  type NavigateOptions,
  resolvePath,
  type To,
  useLocation,
  useNavigate as useRouterNavigate,
} from 'react-router';
import { useCallback, useLayoutEffect, useSyncExternalStore } from 'react';

interface Place {
  pathname: string;
  search: string;
}

/** Whoever holds the user back now (a page with unsaved changes registers one hold). */
const holds = new Set<symbol>();
/** The navigation the user is being asked about: run it to leave. */
let pending: (() => void) | null = null;
const listeners = new Set<() => void>();
/**
 * The router `<NavigationGuard>` is in, while it is mounted: where it is (its location, and the index React Router
 * gave the history entry, `state.idx`), and how to go somewhere else.
 */
let router: (Place & { index: number | null; navigate: (path: string) => void }) | null = null;
/** Set while the entry that Back or Forward left is put back: that popstate is nobody's business. */
let restoring = false;

const setPending = (next: (() => void) | null) => {
  if (next === pending) return;
  pending = next;
  for (const listener of listeners) listener();
};

/** Holds `go` back until the user answers. */
const ask = (go: () => void) => setPending(go);

const askBeforeUnload = (event: BeforeUnloadEvent) => {
  event.preventDefault();
  // Older browsers show the dialog only when returnValue is set.
  event.returnValue = '';
};

const dropHolds = () => {
  holds.clear();
  window.removeEventListener('beforeunload', askBeforeUnload);
};

/** Whether going from `from` to `to` leaves a held page; `to` is null when it is not known (a step in history). */
const leaves = (from: Place, to: Place | null): boolean =>
  holds.size > 0 && (to === null || to.pathname !== from.pathname || to.search !== from.search);

/**
 * Holds the user back from leaving (beforeunload included) until the returned function releases the hold.
 * A navigation held back waits in `useHeldNavigation()` for the page's answer.
 */
export function holdNavigation(): () => void {
  const hold = Symbol('hold');
  if (holds.size === 0) window.addEventListener('beforeunload', askBeforeUnload);
  holds.add(hold);
  return () => {
    if (!holds.delete(hold) || holds.size > 0) return;
    window.removeEventListener('beforeunload', askBeforeUnload);
    setPending(null);
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const isAsking = () => pending !== null;

/** Drops the held navigation: the user stays (after Back or Forward, the entry is already back). */
const stay = () => setPending(null);

/** Lets the held navigation go on; every hold is released first, so that nothing asks again on the way out. */
const leave = () => {
  const go = pending;
  dropHolds();
  setPending(null);
  go?.();
};

/** The navigation held back, for the page to ask about: `asking` until the user chooses to `stay` or `leave`. */
export function useHeldNavigation(): { asking: boolean; stay: () => void; leave: () => void } {
  const asking = useSyncExternalStore(subscribe, isAsking, isAsking);
  return { asking, stay, leave };
}

const historyIndex = (state: unknown): number | null => {
  const index = (state as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' ? index : null;
};

/** An in-app link the browser or React Router would follow on this click, or null. */
function followedLink(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a') : null;
  if (!(anchor instanceof HTMLAnchorElement) || !anchor.hasAttribute('href') || anchor.hasAttribute('download'))
    return null;
  if (anchor.target !== '' && anchor.target !== '_self') return null;
  const url = new URL(anchor.href, window.location.href);
  return url.origin === window.location.origin ? url : null;
}

function onClick(event: MouseEvent) {
  const url = router && followedLink(event);
  if (!router || !url || !leaves(router, url)) return;
  // Before React Router's handler (on the app's root, in the bubbling phase) sees the click.
  event.preventDefault();
  event.stopPropagation();
  const anchor = (event.target as Element).closest('a');
  const { navigate } = router;
  ask(() => {
    // The same click again, now let through: a <Link> keeps its options (replace, state), a plain link loads.
    if (anchor?.isConnected) anchor.click();
    else navigate(`${url.pathname}${url.search}${url.hash}`);
  });
}

function onPopState(event: PopStateEvent) {
  if (restoring) {
    restoring = false;
    event.stopImmediatePropagation();
    return;
  }
  const to = { pathname: window.location.pathname, search: window.location.search };
  if (!router || !leaves(router, to)) return;
  const from = router.index;
  const index = historyIndex(event.state);
  // An entry React Router did not make cannot be counted back to: let the router follow it, as its data router did.
  if (from === null || index === null) return;
  // The history has already moved: the router must not follow it, and the entry the user left is put back.
  event.stopImmediatePropagation();
  const delta = index - from;
  restoring = true;
  window.history.go(-delta);
  ask(() => window.history.go(delta));
}

// Put once, as the router loads: before any router of the page listens to popstate. Chromium calls the window's own
// popstate listeners in the order they were added, capture or not, so a listener added later (by a component, after
// the router's) would learn of Back only once the router had followed it.
if (typeof window !== 'undefined') {
  document.addEventListener('click', onClick, true);
  window.addEventListener('popstate', onPopState, true);
}

/**
 * Puts the guard between the user and the router: rendered once, inside the router (the shell's, a slice's on its
 * own, a test's). While it is mounted, link clicks and Back/Forward that would leave a held page are held back.
 */
export function NavigationGuard(): null {
  const location = useLocation();
  const navigate = useRouterNavigate();

  useLayoutEffect(() => {
    router = {
      pathname: location.pathname,
      search: location.search,
      index: historyIndex(window.history.state),
      navigate: (path) => void navigate(path),
    };
    return () => {
      router = null;
    };
  }, [location, navigate]);

  return null;
}

/**
 * React Router's `useNavigate`, held back while a page holds: navigation from code (after a save, the shell's
 * Log out) asks as a link does. A step in history (`navigate(-1)`) counts as leaving.
 */
export function useNavigate(): NavigateFunction {
  const navigate = useRouterNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    (to: To | number, options?: NavigateOptions) => {
      const go = () => (typeof to === 'number' ? navigate(to) : navigate(to, options));
      const next = typeof to === 'number' ? null : resolvePath(to, pathname);
      if (!leaves({ pathname, search }, next)) return go();
      ask(() => void go());
    },
    [navigate, pathname, search],
  );
}
