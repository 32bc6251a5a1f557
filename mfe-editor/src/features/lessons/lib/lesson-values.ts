import { type Language, LANGUAGES } from '@portal/contracts/languages';
import { FILE_LESSON_KINDS, type Lesson, type LessonInput, type LessonKind } from '@portal/contracts/lessons';

/** The lesson form's values: every language's title and body (empty: not written), and the file's id ('' none). */
export interface LessonFormValues {
  kind: LessonKind;
  defaultLanguage: Language;
  texts: Record<Language, { title: string; body: string }>;
  fileId: string;
}

const noTexts = () =>
  Object.fromEntries(LANGUAGES.map((language) => [language, { title: '', body: '' }])) as LessonFormValues['texts'];

export function emptyLessonValues(language: Language): LessonFormValues {
  return { kind: 'text', defaultLanguage: language, texts: noTexts(), fileId: '' };
}

/** A stored lesson's values; without its texts per language (not an administrator's read), the shown one. */
export function lessonValuesOf(lesson: Lesson): LessonFormValues {
  const texts = noTexts();
  const stored = lesson.texts ?? { [lesson.language]: { title: lesson.title, body: lesson.body } };
  for (const language of LANGUAGES) {
    const text = stored[language];
    if (text) texts[language] = { title: text.title, body: text.body };
  }
  return { kind: lesson.kind, defaultLanguage: lesson.defaultLanguage, texts, fileId: lesson.fileId ?? '' };
}

/** Whether a language has anything written in it. */
export const isWritten = (text: { title: string; body: string }) => text.title.trim() !== '' || text.body !== '';

/**
 * What the API takes: the languages written in (the default one always, so that its missing title is told), a
 * body only for a text lesson, the file only for a file or video lesson.
 */
export function lessonInputOf(values: LessonFormValues): LessonInput {
  const isText = values.kind === 'text';
  const texts: LessonInput['texts'] = {};
  for (const language of LANGUAGES) {
    const text = values.texts[language];
    if (language !== values.defaultLanguage && !isWritten(text)) continue;
    texts[language] = isText ? { title: text.title, body: text.body } : { title: text.title };
  }
  const fileId = FILE_LESSON_KINDS.includes(values.kind) && values.fileId !== '' ? values.fileId : null;
  return { kind: values.kind, defaultLanguage: values.defaultLanguage, texts, fileId };
}
