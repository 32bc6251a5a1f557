/**
 * The shell's texts and how the interface language is detected, apart from i18next: the entry script reads them
 * to ask for the texts a page will show before i18next is there (early-requests.ts), and i18n.ts sets i18next up
 * with them. Only browser APIs and the detector here: this file runs before the shared libraries are there.
 */
import type { Language } from '@portal/contracts/languages';
import type { Translations } from '@portal/web-kit/i18n';
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';

export const SHELL_TRANSLATIONS: Translations = {
  en: () => import(/* webpackChunkName: "i18n-en" */ '../locales/en/shell.json', { with: { type: 'json' } }),
  fr: () => import(/* webpackChunkName: "i18n-fr" */ '../locales/fr/shell.json', { with: { type: 'json' } }),
  de: () => import(/* webpackChunkName: "i18n-de" */ '../locales/de/shell.json', { with: { type: 'json' } }),
  it: () => import(/* webpackChunkName: "i18n-it" */ '../locales/it/shell.json', { with: { type: 'json' } }),
  rm: () => import(/* webpackChunkName: "i18n-rm" */ '../locales/rm/shell.json', { with: { type: 'json' } }),
};

/** DESIGN.md: localStorage, cookie, sessionStorage, navigator, htmlTag; the choice is kept in localStorage. */
export const LANGUAGE_DETECTION: DetectorOptions = {
  order: ['localStorage', 'cookie', 'sessionStorage', 'navigator', 'htmlTag'],
  caches: ['localStorage'],
  convertDetectedLanguage: (lng: string) => lng.split('-')[0]?.toLowerCase() ?? lng,
};

/** An interface language: one the shell has texts in (the contracts' `isLanguage` is not loaded yet here). */
export const isInterfaceLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && Object.hasOwn(SHELL_TRANSLATIONS, value);

/**
 * The language i18next will pick for a visitor: the first detected one the portal offers (`offered`, from
 * /config.json), or undefined when there is none and i18next falls back.
 */
export function detectedLanguage(offered: readonly string[]): Language | undefined {
  // With a `getBestMatchFromCodes`, the detector answers every language it found, in order, as i18next asks it to.
  // A copy of the options: the detector fills its defaults into the object it is given.
  const detector = new LanguageDetector(
    { languageUtils: { getBestMatchFromCodes: () => undefined } },
    { ...LANGUAGE_DETECTION },
  );
  const found = [detector.detect() ?? []].flat();
  return found.find((language): language is Language => offered.includes(language) && isInterfaceLanguage(language));
}
