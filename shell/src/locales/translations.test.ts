import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { translationProblems } from '../../../jest/translations.ts';

describe('shell translations', () => {
  it('when every language has every key in its own words, then no problem is found', () => {
    // "Menu" is French, Italian and Romansh too; "Administration" French.
    const sameAsEnglish = ['fr:nav.menu', 'it:nav.menu', 'rm:nav.menu', 'fr:nav.administration'];
    expect(translationProblems(import.meta.dirname, sameAsEnglish)).toEqual([]);
  });

  it('when a language misses a key, keeps the English text or drops a placeholder, then each problem is named', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'locales-'));
    const write = (language: string, messages: object) => {
      mkdirSync(path.join(dir, language));
      writeFileSync(path.join(dir, language, 'demo.json'), JSON.stringify(messages));
    };
    write('en', { greeting: 'Welcome, {{name}}!', nav: { overview: 'Overview', logout: 'Log out' } });
    write('fr', { greeting: 'Bienvenue !', nav: { overview: 'Aperçu', logout: 'Se déconnecter' } });
    write('de', { greeting: 'Willkommen, {{name}}!', nav: { overview: 'Overview', logout: 'Abmelden' } });
    write('it', { greeting: 'Benvenuti, {{name}}!', nav: { overview: 'Panoramica' } });
    write('rm', { greeting: 'Bainvegni, {{name}}!', nav: { overview: 'Survista', logout: 'Sortir' }, extra: 'x' });

    expect(translationProblems(dir)).toEqual([
      'fr/demo.json: "greeting" has other placeholders than English',
      'de/demo.json: "nav.overview" is still the English "Overview"',
      'it/demo.json: "nav.logout" is missing',
      'rm/demo.json: "extra" is not in English',
    ]);
  });
});
