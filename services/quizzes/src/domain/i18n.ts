import { LANGUAGES, type Language } from '@portal/contracts/languages';
import type { Texts } from '@portal/contracts/quizzes';
import { serviceTexts } from '@portal/kit/texts';
import type { QuestionVersion } from '../data-access/questions-repository.ts';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import it from '../locales/it.json' with { type: 'json' };
import rm from '../locales/rm.json' with { type: 'json' };

/** The service's own texts (the true/false options, the personal data's descriptions) in one language. */
export const translator = serviceTexts('quizzes', { en, fr, de, it, rm });

/** A question's text in the learner's language, else in the first language it was written in. */
export function textIn(texts: Texts, language: Language): string {
  return texts[language] ?? LANGUAGES.map((other) => texts[other]).find((text) => text !== undefined) ?? '';
}

/** One option of a question version in the learner's language (a true/false question's in the service's texts). */
export function optionTextOf(version: QuestionVersion, optionId: string, language: Language): string {
  const question = version.content;
  const index = version.optionIds.indexOf(optionId);
  if (question.type === 'single' || question.type === 'multiple')
    return textIn(question.options[index]?.texts ?? {}, language);
  if (question.type === 'ordering') return textIn(question.items[index]?.texts ?? {}, language);
  return translator(language)(`trueFalse.${optionId}`);
}
