import {
  type Course,
  courseFormSchema,
  type CourseFormValues,
  type CourseInput,
  type CourseText,
  type CourseTextFormValues,
  type CourseTextInput,
  hasCourseText,
} from '@portal/contracts/courses';
import { type Language, LANGUAGES } from '@portal/contracts/languages';
import type { LanguageStatus } from '../../../components/language-tabs.tsx';

/** What the user edits: a text per language (a tab of the form); the rest is shared by every language. */
export type FormValues = CourseFormValues;

export type Mode = 'create' | 'edit';

const EMPTY_TEXT: CourseTextFormValues = { title: '', shortDescription: '', description: '', descriptionText: '' };

/** Every field of the form that may be none (null) starts as none: such a field needs no default below. */
const NONE_FIELDS = Object.fromEntries(
  Object.entries(courseFormSchema.shape).flatMap(([field, schema]) =>
    schema.safeParse(null).success ? [[field, null]] : [],
  ),
) as Partial<FormValues>;

/** A new course's values: the form starts from these, and a new field's default value goes here unless it is none. */
export function emptyValues(defaultLanguage: Language): FormValues {
  return {
    ...NONE_FIELDS,
    texts: textsWith({}),
    defaultLanguage,
    isPublished: false,
    categoryIds: [],
    completionProof: 'confirmation',
    completionRequires: [],
  };
}

function textsWith(entries: Partial<Record<Language, CourseTextFormValues>>): FormValues['texts'] {
  return Object.fromEntries(LANGUAGES.map((language) => [language, entries[language] ?? EMPTY_TEXT])) as Record<
    Language,
    CourseTextFormValues
  >;
}

/** The text a reader sees in a description, for a language the editor has not shown yet. */
export function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/**
 * A course's values: each field of the form as the course has it (so a new field needs nothing here), its texts
 * (every language's for administrators; else, an older answer, the one it was sent in) and its categories' ids.
 */
export function valuesOf(course: Course): FormValues {
  const stored: Partial<Record<Language, CourseText>> = course.texts ?? {
    [course.language]: {
      title: course.title,
      shortDescription: course.shortDescription,
      description: course.description,
    },
  };
  const texts = Object.fromEntries(
    Object.entries(stored).map(([language, text]) => [
      language,
      { ...text, descriptionText: plainText(text.description) },
    ]),
  );
  const defaults = emptyValues(course.defaultLanguage);
  const fields = Object.fromEntries(
    Object.keys(defaults).map((key) => [
      key,
      key in course ? course[key as keyof Course] : defaults[key as keyof FormValues],
    ]),
  );
  return {
    ...(fields as FormValues),
    texts: textsWith(texts),
    // Sorted, so that unticking and ticking a category again leaves the form unchanged.
    categoryIds: course.categories.map((category) => category.id).sort(),
  };
}

/** What the API takes: every field as the form holds it, the texts of the written languages only, trimmed. */
export function courseInput(values: FormValues): CourseInput {
  const texts: Partial<Record<Language, CourseTextInput>> = {};
  for (const language of LANGUAGES) {
    const text = values.texts[language];
    if (!hasCourseText(text)) continue;
    texts[language] = {
      title: text.title.trim(),
      shortDescription: text.shortDescription.trim(),
      description: text.description,
    };
  }
  return { ...values, texts };
}

/** What a tab shows about its language. `broken`: the language breaks a rule; `attempted`: the user tried to save, so an empty default language is an error. */
export function languageStatus(text: CourseTextFormValues, broken: boolean, attempted: boolean): LanguageStatus {
  const written = hasCourseText(text);
  if (broken && (written || attempted)) return 'invalid';
  return written ? 'complete' : 'missing';
}

/** The submit button's text key (spec §2): create offers publish or draft; edit offers update and publish or draft. */
export function submitLabelKey(mode: Mode, isPublished: boolean): string {
  if (mode === 'create') return isPublished ? 'submit.publish' : 'submit.draft';
  return isPublished ? 'submit.updatePublish' : 'submit.updateDraft';
}
