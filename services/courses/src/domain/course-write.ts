import {
  type Category,
  COURSE_LIMITS,
  type CourseInput,
  type CourseSaved,
  type CourseText,
  type CourseTextInput,
} from '@portal/contracts/courses';
import type { Language } from '@portal/contracts/languages';
import { badRequest } from '@portal/kit/errors';
import {
  COURSE_FIELDS,
  type CourseField,
  type CourseFields,
  type CourseWrite,
  type EditableCourse,
  fieldsOf,
  languagesOf,
  type StoredText,
  type StoredTexts,
} from '../data-access/courses-repository.ts';
import { cardText, plainText, sanitizeDescription, searchable, shortDescription } from './rich-text.ts';

/** The text shown in `language`: its own when the course has it, else the default language's. */
export function shown(texts: StoredTexts, language: Language, defaultLanguage: Language) {
  const own = texts[language];
  if (own) return { language, text: own };
  const fallback = texts[defaultLanguage];
  if (!fallback) throw new Error(`a course without its default language's text (${defaultLanguage})`);
  return { language: defaultLanguage, text: fallback };
}

/**
 * Every language's text as the editor shows it, in the order of LANGUAGES (an empty short description: the card
 * shows the description's start).
 */
export function textsForEditor(texts: StoredTexts): Partial<Record<Language, CourseText>> {
  const forEditor = (text: StoredText): CourseText => ({
    title: text.title,
    shortDescription: text.shortDescriptionAuthored ? text.shortDescription : '',
    description: text.descriptionHtml,
  });
  // languagesOf lists only the languages the texts have.
  return Object.fromEntries(languagesOf(texts).map((language) => [language, forEditor(texts[language] as StoredText)]));
}

/** The course as saved, in `language` with every language's text (writers are administrators): no read after the write. */
export function toSaved(
  id: string,
  write: CourseWrite,
  categories: Category[],
  language: Language,
  dates: { createdAt: Date; updatedAt: Date },
): CourseSaved {
  const { language: shownLanguage, text } = shown(write.texts, language, write.defaultLanguage);
  return {
    id,
    title: text.title,
    description: text.descriptionHtml,
    shortDescription: text.shortDescription,
    ...fieldsOf(write),
    categories,
    language: shownLanguage,
    defaultLanguage: write.defaultLanguage,
    languages: languagesOf(write.texts),
    texts: textsForEditor(write.texts),
    createdAt: dates.createdAt.toISOString(),
    updatedAt: dates.updatedAt.toISOString(),
  };
}

export const categoryUnknown = () =>
  badRequest('A category does not exist', [{ path: 'categoryIds', code: 'category_unknown' }]);

/**
 * One language's text sanitized and checked (errors name the field under `path`, e.g. `texts.rm.description`):
 * without a short description of the author's, the card shows the start of the description.
 */
function textWrite(input: CourseTextInput, path: string): StoredText {
  const descriptionHtml = sanitizeDescription(input.description);
  const text = plainText(descriptionHtml);
  const field = `${path}description`;
  if (text.length === 0) throw badRequest('The description is empty', [{ path: field, code: 'description_required' }]);
  if (text.length > COURSE_LIMITS.descriptionTextMax) {
    throw badRequest('The description is too long', [{ path: field, code: 'description_too_long' }]);
  }
  const authored = input.shortDescription ?? '';
  return {
    title: input.title,
    shortDescription: authored || shortDescription(cardText(descriptionHtml)),
    shortDescriptionAuthored: authored !== '',
    descriptionHtml,
  };
}

/** What search looks through: every language's title, short description and description, together. */
function searchTextOf(texts: StoredTexts): string {
  return searchable(
    Object.values(texts)
      .map(
        (text) =>
          `${text.title} ${text.shortDescriptionAuthored ? `${text.shortDescription} ` : ''}${plainText(text.descriptionHtml)}`,
      )
      .join(' '),
  );
}

/**
 * A new course's value of each field the input may leave out that cannot be none (null): the contract's other
 * optional fields start as none. A new such field fails to typecheck until it has its default here.
 */
const NEW_COURSE_DEFAULTS: {
  [
    Field in CourseField as undefined extends CourseInput[Field]
      ? null extends CourseFields[Field]
        ? never
        : Field
      : never
  ]: CourseFields[Field];
} = { completionProof: 'confirmation', completionRequires: [] };

/** Each of the course's fields as sent; left out, the course's current value, else a new course's default or none. */
function fieldsWritten(input: CourseInput, current: CourseFields | undefined): CourseFields {
  const valueOf = (field: CourseField) => {
    const sent = input[field];
    if (sent !== undefined) return sent;
    if (current) return current[field];
    return field in NEW_COURSE_DEFAULTS ? NEW_COURSE_DEFAULTS[field as keyof typeof NEW_COURSE_DEFAULTS] : null;
  };
  return Object.fromEntries(COURSE_FIELDS.map((field) => [field, valueOf(field)])) as CourseFields;
}

/** A single field (`title`, `description`) against `texts`' one: the single one when it changed or texts have none. */
const changedOne = (single: string | undefined, inTexts: string | undefined, stored: string | undefined) =>
  single !== undefined && (inTexts === undefined || single !== stored) ? single : inTexts;

/**
 * The course a write leaves, with the rules that need no database (bulk seeding uses it too). `texts` replaces
 * every language; the spec's `{title, description}` write `language` (else the default language, the caller's for
 * a new course) and keep the others, with the author's short description of that language. Sent together (a
 * course read and sent back), the one that differs from the stored text wins. Another field left out is kept.
 */
export function courseWrite(
  input: CourseInput,
  current: Pick<EditableCourse, 'defaultLanguage' | 'texts' | CourseField> | undefined,
  callerLanguage: Language,
): CourseWrite {
  const defaultLanguage = input.defaultLanguage ?? current?.defaultLanguage ?? callerLanguage;
  const language = input.language ?? defaultLanguage;
  let texts: StoredTexts = current?.texts ?? {};
  if (input.texts) {
    texts = Object.fromEntries(
      Object.entries(input.texts).map(([written, text]) => [written, textWrite(text, `texts.${written}.`)]),
    );
  }
  if (input.title !== undefined || input.description !== undefined) {
    const stored = current?.texts[language];
    const sent = input.texts?.[language];
    const kept = sent?.shortDescription ?? (stored?.shortDescriptionAuthored ? stored.shortDescription : undefined);
    const single = textWrite(
      {
        title: changedOne(input.title, sent?.title, stored?.title) ?? '',
        description: changedOne(input.description, sent?.description, stored?.descriptionHtml) ?? '',
        shortDescription: kept,
      },
      input.texts ? `texts.${language}.` : '',
    );
    texts = { ...texts, [language]: single };
  }
  return {
    ...fieldsWritten(input, current),
    defaultLanguage,
    texts,
    searchText: searchTextOf(texts),
    categoryIds: input.categoryIds,
  };
}
