import { expect } from '@jest/globals';
import { LANGUAGES } from '@portal/contracts/languages';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

type Messages = { [key: string]: string | Messages };

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(name, value);
    else for (const [inner, text] of flatten(value, name)) flat.set(inner, text);
  }
  return flat;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)/g)].map((match) => match[1]).sort();

/**
 * The problems of an app's translations (`<app>/src/locales/<language>/<namespace>.json`): a key missing or
 * extra in a language, a placeholder ({{name}}) that differs from English, and a non-English text identical to
 * the English one unless `sameAsEnglish` allows it (as "<language>:<key>").
 */
export function translationProblems(localesDir: string, sameAsEnglish: readonly string[] = []): string[] {
  const problems: string[] = [];
  const namespaces = readdirSync(path.join(localesDir, 'en')).filter((file) => file.endsWith('.json'));
  expect(namespaces.length).toBeGreaterThan(0);
  const read = (language: string, file: string): Map<string, string> =>
    flatten(JSON.parse(readFileSync(path.join(localesDir, language, file), 'utf8')) as Messages);
  for (const file of namespaces) {
    const english = read('en', file);
    for (const language of LANGUAGES.filter((lng) => lng !== 'en')) {
      const texts = read(language, file);
      for (const [key, source] of english) {
        const text = texts.get(key);
        if (text === undefined) problems.push(`${language}/${file}: "${key}" is missing`);
        else if (text.trim() === '') problems.push(`${language}/${file}: "${key}" is empty`);
        else if (text === source && !sameAsEnglish.includes(`${language}:${key}`))
          problems.push(`${language}/${file}: "${key}" is still the English "${source}"`);
        else if (placeholders(text).join() !== placeholders(source).join())
          problems.push(`${language}/${file}: "${key}" has other placeholders than English`);
      }
      for (const key of texts.keys()) {
        if (!english.has(key)) problems.push(`${language}/${file}: "${key}" is not in English`);
      }
    }
  }
  return problems;
}
