import { describe, expect, it } from '@jest/globals';
import { course, onboarding, security } from '../../../testing/fixtures.ts';
import { courseInput, emptyValues, languageStatus, submitLabelKey, valuesOf } from './form-values.ts';

describe('course form values', () => {
  it('when a course with several languages is loaded, then every language and field is kept, the categories by id', () => {
    const values = valuesOf(
      course({
        defaultLanguage: 'de',
        completionProof: 'upload',
        categories: [security, onboarding],
        texts: {
          de: { title: 'Willkommen', shortDescription: '', description: '<p>Hallo</p>' },
          rm: { title: 'Bainvegni', shortDescription: '', description: '<p>Allegra</p>' },
        },
      }),
    );
    expect(values).toEqual({
      ...emptyValues('de'),
      texts: {
        ...emptyValues('de').texts,
        de: { title: 'Willkommen', shortDescription: '', description: '<p>Hallo</p>', descriptionText: 'Hallo' },
        rm: { title: 'Bainvegni', shortDescription: '', description: '<p>Allegra</p>', descriptionText: 'Allegra' },
      },
      isPublished: true,
      completionProof: 'upload',
      categoryIds: [onboarding.id, security.id].sort(),
    });
  });

  it('when texts are sent, then only the written languages go, trimmed, with the other fields as they are', () => {
    const base = emptyValues('de');
    const values = {
      ...base,
      categoryIds: [onboarding.id],
      texts: {
        ...base.texts,
        de: { title: ' Sicherheit ', shortDescription: ' Kurz ', description: '<p>Helm</p>', descriptionText: 'Helm' },
        rm: { title: 'Segirezza', shortDescription: '', description: '<p>Helm</p>', descriptionText: 'Helm' },
      },
    };
    expect(courseInput(values)).toEqual({
      defaultLanguage: 'de',
      isPublished: false,
      categoryIds: [onboarding.id],
      completionProof: 'confirmation',
      completionRequires: [],
      texts: {
        de: { title: 'Sicherheit', shortDescription: 'Kurz', description: '<p>Helm</p>' },
        rm: { title: 'Segirezza', shortDescription: '', description: '<p>Helm</p>' },
      },
    });
  });

  it('when a language is written, empty or broken, then its tab says so; an empty default one is broken once saving was tried', () => {
    const written = { title: 'Titre', shortDescription: '', description: '', descriptionText: '' };
    const empty = emptyValues('en').texts.en;
    expect(languageStatus(written, true, false)).toBe('invalid');
    expect(languageStatus(written, false, false)).toBe('complete');
    expect(languageStatus(empty, false, false)).toBe('missing');
    expect(languageStatus(empty, true, false)).toBe('missing');
    expect(languageStatus(empty, true, true)).toBe('invalid');
  });

  it('when the mode and the published flag change, then the submit label follows', () => {
    expect(submitLabelKey('create', true)).toBe('submit.publish');
    expect(submitLabelKey('create', false)).toBe('submit.draft');
    expect(submitLabelKey('edit', true)).toBe('submit.updatePublish');
    expect(submitLabelKey('edit', false)).toBe('submit.updateDraft');
  });
});
