import { type Language, LANGUAGES } from '@portal/contracts/languages';
import type { Texts } from '@portal/contracts/quizzes';

/** A text in the reader's language when it has one, else in the first language it has. */
export function textIn(texts: Texts, language: Language): string {
  return texts[language] ?? LANGUAGES.map((code) => texts[code]).find((text) => text !== undefined) ?? '';
}
