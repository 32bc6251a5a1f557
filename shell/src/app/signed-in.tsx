import { lazy } from 'react';

/**
 * The signed-in user's header, the session's dialogs and the log-out page: asked for once someone is signed in, so
 * that a visitor's first page does not load them (decision 0036).
 */
const parts = () => import(/* webpackChunkName: "signed-in" */ './signed-in-parts.tsx');

export const NavBar = lazy(() => parts().then(({ NavBar }) => ({ default: NavBar })));
export const SessionDialogs = lazy(() => parts().then(({ SessionDialogs }) => ({ default: SessionDialogs })));
export const LogoutRoute = lazy(() => parts().then(({ LogoutRoute }) => ({ default: LogoutRoute })));
