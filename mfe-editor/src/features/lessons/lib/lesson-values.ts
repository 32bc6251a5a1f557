import { type Language, LANGUAGES } from '@portal/contracts/languages';
import { FILE_LESSON_KINDS, type Lesson, type LessonInput, type LessonKind } from '@portal/contracts/lessons';

/**
 * The lesson form's values: every language's title and body (empty: not written), the file's id ('' none), and a
 * video's captions file per language ('' none).
 */
export interface LessonFormValues {
  kind: LessonKind;
  defaultLanguage: Language;
  texts: Record<Language, { title: string; body: string }>;
  fileId: string;
  captions: Record<Language, string>;
}

const noCaptions = () =>
  Object.fromEntries(LANGUAGES.map((language) => [language, ''])) as LessonFormValues['captions'];

const noTexts = () =>
  Object.fromEntries(LANGUAGES.map((language) => [language, { title: '', body: '' }])) as LessonFormValues['texts'];

export function emptyLessonValues(language: Language): LessonFormValues {
  return { kind: 'text', defaultLanguage: language, texts: noTexts(), fileId: '', captions: noCaptions() };
}

/** A stored lesson's values; without its texts per language (not an administrator's read), the shown one. */
export function lessonValuesOf(lesson: Lesson): LessonFormValues {
  const texts = noTexts();
  const stored = lesson.texts ?? { [lesson.language]: { title: lesson.title, body: lesson.body } };
  for (const language of LANGUAGES) {
    const text = stored[language];
    if (text) texts[language] = { title: text.title, body: text.body };
  }
  const captions = { ...noCaptions(), ...lesson.captions };
  return { kind: lesson.kind, defaultLanguage: lesson.defaultLanguage, texts, fileId: lesson.fileId ?? '', captions };
}

/** Whether a language has anything written in it. */
export const isWritten = (text: { title: string; body: string }) => text.title.trim() !== '' || text.body !== '';

/**
 * What the API takes: the languages written in (the default one always, so that its missing title is told), a
 * body only for a text lesson, the file only for a file or video lesson, captions only for a video.
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
  const input: LessonInput = { kind: values.kind, defaultLanguage: values.defaultLanguage, texts, fileId };
  if (values.kind !== 'video') return input;
  const captions = Object.fromEntries(
    LANGUAGES.flatMap((language) => (values.captions[language] ? [[language, values.captions[language]]] : [])),
  );
  return { ...input, captions };
}
