import { jest } from '@jest/globals';
import type { User } from '@portal/contracts/auth';
import type { Language } from '@portal/contracts/languages';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import type { PortalSession } from '@portal/contracts/pages';

/** A session as the shell would pass it; its functions are spies. */
export function fakeSession(
  user: User | null = null,
  languageChosenBeforeSignIn: Language | undefined = undefined,
): PortalSession {
  return {
    status: user ? 'authenticated' : 'anonymous',
    user,
    signIn: jest.fn<(user: User) => void>(),
    signOut: jest.fn(async () => {}),
    changeLanguage: jest.fn(async (language: Language) => {
      await i18next.changeLanguage(language);
    }),
    languageChosenBeforeSignIn: () => languageChosenBeforeSignIn,
  };
}

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders one page of the slice at `url`, with the toast container; any other route shows where we went. */
export function renderPage(page: ReactElement, { path, url = path }: { path: string; url?: string }) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={path} element={page} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
      <ToastContainer />
    </MemoryRouter>,
  );
}
