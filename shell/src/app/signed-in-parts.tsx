/** What only a signed-in user sees: one chunk, which a visitor's pages never load (signed-in.tsx). */
export { NavBar } from '../features/navigation/components/nav-bar.tsx';
export { SessionDialogs } from '../features/session/components/session-dialogs.tsx';
export { LogoutRoute } from './routes/logout.tsx';
