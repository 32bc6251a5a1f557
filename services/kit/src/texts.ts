import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@portal/contracts/languages';
import { createInstance, type InitOptions, type TFunction } from 'i18next';

/**
 * A service's own texts (its locales' JSON, one namespace) in an i18next instance of their own, ready at once:
 * answers the texts in a language, falling back to the portal's default one.
 */
export function serviceTexts(
  namespace: string,
  texts: Record<Language, object>,
  options: Pick<InitOptions, 'interpolation'> = {},
): (language: Language) => TFunction {
  const i18n = createInstance();
  void i18n.init({
    resources: Object.fromEntries(LANGUAGES.map((language) => [language, { [namespace]: texts[language] }])),
    ns: [namespace],
    defaultNS: namespace,
    supportedLngs: [...LANGUAGES],
    fallbackLng: FALLBACK_LANGUAGE,
    initAsync: false,
    ...options,
  });
  return (language) => i18n.getFixedT(language);
}
