import { describe, expect, it } from '@jest/globals';
import { COURSE_LIMITS, courseFormSchema, type CourseFormValues } from './courses.ts';

const EMPTY = { title: '', shortDescription: '', description: '', descriptionText: '' };
const english = { title: 'Title', shortDescription: '', description: '<p>x</p>', descriptionText: 'x' };
const valid: CourseFormValues = {
  texts: { en: english, fr: EMPTY, de: EMPTY, it: EMPTY, rm: EMPTY },
  defaultLanguage: 'en',
  isPublished: false,
  categoryIds: ['9a1b7c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d'],
  completionProof: 'confirmation',
};

/** Each broken rule as "path: code". */
function issues(values: CourseFormValues): string[] {
  return (courseFormSchema.safeParse(values).error?.issues ?? []).map(
    (issue) => `${issue.path.join('.')}: ${issue.message}`,
  );
}

const withEnglish = (change: Partial<typeof english>) => ({
  ...valid,
  texts: { ...valid.texts, en: { ...english, ...change } },
});

describe('course form rules', () => {
  it('when the default language has a valid text and a category is chosen, then the form is valid', () => {
    expect(issues(valid)).toEqual([]);
    expect(issues(withEnglish({ title: 'x'.repeat(COURSE_LIMITS.titleMax) }))).toEqual([]);
    expect(issues(withEnglish({ descriptionText: 'x'.repeat(COURSE_LIMITS.descriptionTextMax) }))).toEqual([]);
  });

  it('when a text breaks a rule, then the field is named with the code the server answers', () => {
    expect(issues(withEnglish({ title: '   ' }))).toEqual(['texts.en.title: title_required']);
    expect(issues(withEnglish({ title: 'x'.repeat(101) }))).toEqual(['texts.en.title: title_too_long']);
    expect(issues(withEnglish({ title: 'Tab\there' }))).toEqual(['texts.en.title: control_characters']);
    expect(issues(withEnglish({ descriptionText: 'x'.repeat(2501) }))).toEqual([
      'texts.en.descriptionText: description_too_long',
    ]);
    expect(issues(withEnglish({ descriptionText: ' \n ' }))).toEqual([
      'texts.en.descriptionText: description_required',
    ]);
    expect(issues(withEnglish({ shortDescription: 'x'.repeat(COURSE_LIMITS.shortDescriptionMax + 1) }))).toEqual([
      'texts.en.shortDescription: short_description_too_long',
    ]);
    expect(issues({ ...valid, categoryIds: [] })).toEqual(['categoryIds: categories_required']);
  });

  it('when a language is empty, then it is left out; when started, then it must be complete; the default one always', () => {
    expect(
      issues({ ...valid, texts: { ...valid.texts, fr: { ...english, title: 'Titre', descriptionText: '' } } }),
    ).toEqual(['texts.fr.descriptionText: description_required']);
    expect(issues({ ...valid, defaultLanguage: 'de' })).toEqual([
      'texts.de.title: title_required',
      'texts.de.descriptionText: description_required',
    ]);
  });
});
