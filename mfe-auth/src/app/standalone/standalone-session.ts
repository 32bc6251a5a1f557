import { api } from '@portal/contracts/api-client';
import type { User } from '@portal/contracts/auth';
import type { Language } from '@portal/contracts/languages';
import i18next from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import type { PortalSession } from '../../lib/session.ts';

/** What the shell's session does, reduced to what a developer needs to run the slice alone. */
export function useStandaloneSession(loginStatus: Promise<User | null>): PortalSession {
  const [state, setState] = useState<Pick<PortalSession, 'status' | 'user'>>({ status: 'checking', user: null });

  useEffect(() => {
    void loginStatus.then((user) => {
      setState(user ? { status: 'authenticated', user } : { status: 'anonymous', user: null });
      if (user) void i18next.changeLanguage(user.language);
    });
  }, [loginStatus]);

  return useMemo(
    () => ({
      ...state,
      signIn: (user: User) => {
        setState({ status: 'authenticated', user });
        void i18next.changeLanguage(user.language);
      },
      changeLanguage: async (language: Language) => {
        if (state.user) await api.setLanguage(language).catch((error: unknown) => console.error(error));
        await i18next.changeLanguage(language);
      },
    }),
    [state],
  );
}
