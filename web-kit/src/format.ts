import { LANGUAGE_NAMES, type Language } from '@portal/contracts/languages';
import { currentLanguage } from './i18n.ts';

/** Where a browser's Intl lacks Romansh, Swiss German conventions are what Romansh readers use. */
const INTL_FALLBACK: Readonly<Partial<Record<Language, string>>> = { rm: 'de-CH' };

/**
 * Making an Intl formatter loads its locale's data, and a page of course cards names languages and dates hundreds
 * of times as it renders (naming languages alone took 110-140 ms of the dashboard's render at Lighthouse's phone
 * throttling): each formatter is made once and kept, by language and kind.
 */
const kept = new Map<string, unknown>();
function once<T>(key: string, make: () => T): T {
  if (!kept.has(key)) kept.set(key, make());
  return kept.get(key) as T;
}

function intlLocale(language: Language = currentLanguage()): string {
  return once(`locale ${language}`, () =>
    Intl.NumberFormat.supportedLocalesOf([language]).length > 0 ? language : (INTL_FALLBACK[language] ?? language),
  );
}

const numberFormat = (language: Language | undefined, kind: string, options?: Intl.NumberFormatOptions) => {
  const locale = intlLocale(language);
  return once(`number ${kind} ${locale}`, () => new Intl.NumberFormat(locale, options));
};

const dateFormat = (language: Language | undefined, kind: string, options: Intl.DateTimeFormatOptions) => {
  const locale = intlLocale(language);
  return once(`date ${kind} ${locale}`, () => new Intl.DateTimeFormat(locale, options));
};

/** Numbers (counts, limits) in the reader's number format. */
export function formatNumber(value: number, language?: Language): string {
  return numberFormat(language, 'plain').format(value);
}

/** A date (an ISO string from the API) as the reader writes dates, e.g. "22 nov. 2026". */
export function formatDate(iso: string, language?: Language): string {
  return dateFormat(language, 'medium', { dateStyle: 'medium' }).format(new Date(iso));
}

/**
 * A day of the year as the reader writes it in a sentence ("12 March", "12. März", "March 12"); with the year when
 * it is not the current one.
 */
export function formatDayMonth(iso: string, language?: Language, now: Date = new Date()): string {
  const date = new Date(iso);
  return date.getFullYear() === now.getFullYear()
    ? dateFormat(language, 'day month', { day: 'numeric', month: 'long' }).format(date)
    : dateFormat(language, 'day month year', { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** A share (0 to 1) as a percentage in the reader's number format, e.g. "87 %", "87%". */
export function formatPercent(share: number, language?: Language): string {
  return numberFormat(language, 'percent', { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** A time of day as the reader writes it, e.g. "14:35", "2:35 PM". */
export function formatTime(date: Date, language?: Language): string {
  return dateFormat(language, 'time', { timeStyle: 'short' }).format(date);
}

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * Bytes in human units (spec §9): base 1024, at most two decimals, with the unit's name and the number format
 * of the reader's language ("73 bytes", "1.5 MB", "1,5 Mo"). Every page that shows a file size uses this one.
 */
export function formatFileSize(bytes: number, language?: Language): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return numberFormat(language, `size ${unit}`, {
    style: 'unit',
    unit: SIZE_UNITS[unit],
    // The short name of bytes is the singular "byte" in every count ("73 byte"): bytes are named in full.
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: 2,
  }).format(value);
}

/**
 * A language's name in the reader's language, as a sentence uses it ("German", "allemand", "tudestg"); where the
 * browser's Intl cannot name languages in the reader's language, the language's name in itself.
 */
export function formatLanguage(code: Language, language: Language = currentLanguage()): string {
  const names = once(`language names ${language}`, () =>
    Intl.DisplayNames.supportedLocalesOf([language]).length === 0
      ? undefined
      : new Intl.DisplayNames([language], { type: 'language', fallback: 'none' }),
  );
  return names?.of(code) ?? LANGUAGE_NAMES[code];
}
