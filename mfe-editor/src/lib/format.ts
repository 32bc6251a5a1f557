import type { Language } from '@portal/contracts/languages';
import { currentLanguage } from './i18n.ts';

/** Where a browser's Intl lacks Romansh, Swiss German conventions are what Romansh readers use. */
const INTL_FALLBACK: Readonly<Partial<Record<Language, string>>> = { rm: 'de-CH' };

function intlLocale(language: Language = currentLanguage()): string {
  if (Intl.NumberFormat.supportedLocalesOf([language]).length > 0) return language;
  return INTL_FALLBACK[language] ?? language;
}

export function formatNumber(value: number, language?: Language): string {
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}

/** The units of spec §9, base 1024. */
export const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes in human units (spec §9): base 1024, at most two decimals, in the reader's number format. */
export function formatFileSize(bytes: number, language?: Language, decimals = 2): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: decimals }).format(value);
  return `${number} ${SIZE_UNITS[unit]}`;
}
