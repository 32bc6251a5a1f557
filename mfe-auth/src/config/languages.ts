import type { Language } from '@portal/contracts/languages';

/** Each language named in itself: the same in every interface language, so it is not a translation. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  rm: 'Rumantsch',
};
