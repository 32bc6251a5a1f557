import { api } from '@portal/contracts/api-client';
import type { User } from '@portal/contracts/auth';
import type { Language } from '@portal/contracts/languages';
import i18next from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import type { PortalSession } from '@portal/contracts/pages';

/** What the shell's session does, reduced to what a developer needs to run the slice alone. */
export function useStandaloneSession(loginStatus: Promise<User | null>): PortalSession {
  const [state, setState] = useState<Pick<PortalSession, 'status' | 'user'>>({ status: 'checking', user: null });
  const [languageChoice, setLanguageChoice] = useState<Language | undefined>();

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
        setLanguageChoice(undefined);
        setState({ status: 'authenticated', user });
        void i18next.changeLanguage(user.language);
      },
      signOut: async () => {
        await api.logout().catch((error: unknown) => console.error(error));
        setState({ status: 'anonymous', user: null });
      },
      changeLanguage: async (language: Language) => {
        if (state.user)
          await api
            .setLanguage({ query: { requestedLanguage: language.toUpperCase() as Uppercase<Language> } })
            .catch((error: unknown) => console.error(error));
        else setLanguageChoice(language);
        await i18next.changeLanguage(language);
      },
      languageChosenBeforeSignIn: () => languageChoice,
    }),
    [state, languageChoice],
  );
}
