import type { Language } from '@portal/contracts/languages';
import { QUIZ_LIMITS, type QuestionInput, questionInputSchema, type Texts } from '@portal/contracts/quizzes';
import { textIn } from './i18n.ts';
import {
  IMPORT_LIMITS,
  type ImportError,
  type ImportErrorCode,
  type ParsedQuestion,
  type ParseResult,
} from './question-import.ts';

interface Block {
  line: number;
  text: string;
}

class GiftError extends Error {
  readonly code: ImportErrorCode;
  constructor(code: ImportErrorCode) {
    super(code);
    this.code = code;
  }
}

const ESCAPABLE = new Set(['~', '=', '#', '{', '}', ':']);

/** Removes GIFT's backslash escapes (`\n` is a line break) and trims. */
function unescape(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    const next = text[index + 1];
    if (char === '\\' && next !== undefined && (ESCAPABLE.has(next) || next === '\\' || next === 'n')) {
      out += next === 'n' ? '\n' : next;
      index++;
    } else {
      out += char;
    }
  }
  return out.trim();
}

/** The index of the first unescaped `char` at or after `from`, else -1. */
function findUnescaped(text: string, char: string, from = 0): number {
  for (let index = from; index < text.length; index++) {
    if (text[index] === '\\') index++;
    else if (text[index] === char) return index;
  }
  return -1;
}

/** Splits at every unescaped `#`. */
function splitHashes(text: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (let at = findUnescaped(text, '#'); at >= 0; at = findUnescaped(text, '#', from)) {
    parts.push(text.slice(from, at));
    from = at + 1;
  }
  return [...parts, text.slice(from)];
}

/** Splits at unescaped `#`: [text, feedback?]. */
function splitFeedback(text: string): [string, string | undefined] {
  const at = findUnescaped(text, '#');
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** Blocks of lines separated by blank lines, `//` comment lines left out, each with its first line's number. */
function blocksOf(source: string, errors: ImportError[]): Block[] {
  const blocks: Block[] = [];
  let current: Block | undefined;
  const lines = source.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    const number = index + 1;
    if (line.length > IMPORT_LIMITS.lineMax) {
      errors.push({ line: number, code: 'line_too_long' });
      current = undefined;
      continue;
    }
    if (line.trimStart().startsWith('//')) continue;
    if (line.trim() === '') {
      current = undefined;
      continue;
    }
    if (current) current.text += `\n${line}`;
    else {
      current = { line: number, text: line };
      blocks.push(current);
    }
  }
  return blocks;
}

/** GIFT's `[html]`, `[moodle]`, `[plain]`, `[markdown]` marker before a text is dropped: texts are plain here. */
const withoutFormat = (text: string) => text.replace(/^\s*\[(?:html|moodle|plain|markdown)\]/, '');

interface Answer {
  marker: '=' | '~';
  weight: number | undefined;
  text: string;
  feedback: string | undefined;
}

/** The answers of a `{…}` block, split at unescaped `=` and `~`, with `%weight%` and `#feedback`. */
function answersOf(body: string): Answer[] {
  const answers: Answer[] = [];
  let start = -1;
  const push = (end: number) => {
    if (start < 0) return;
    if (answers.length >= QUIZ_LIMITS.optionsMax) throw new GiftError('options_count');
    const marker = body[start] as '=' | '~';
    let rest = body.slice(start + 1, end);
    let weight: number | undefined;
    const weighted = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(rest);
    if (weighted) {
      weight = Number(weighted[1]);
      rest = rest.slice(weighted[0].length);
    }
    const [text, feedback] = splitFeedback(rest);
    answers.push({ marker, weight, text: unescape(withoutFormat(text)), feedback: feedback && unescape(feedback) });
  };
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    if (char === '\\') index++;
    else if (char === '=' || char === '~') {
      push(index);
      start = index;
    } else if (start < 0 && char?.trim() !== '') throw new GiftError('gift_syntax');
  }
  push(body.length);
  return answers;
}

const texts = (language: Language, text: string) => ({ [language]: text });
const feedbackOf = (language: Language, text: string | undefined) =>
  text === undefined || text === '' ? undefined : texts(language, text);

const TRUE_WORDS = new Set(['T', 'TRUE']);
const FALSE_WORDS = new Set(['F', 'FALSE']);

/** One question's block (title, text, `{answers}`, text after) as a question of the bank, in `language`. */
function questionOf(block: string, language: Language, tags: string[]): QuestionInput {
  let rest = block;
  const titled = /^\s*::/.exec(rest);
  if (titled) {
    const end = rest.indexOf('::', titled[0].length);
    if (end < 0) throw new GiftError('gift_syntax');
    rest = rest.slice(end + 2);
  }
  const open = findUnescaped(rest, '{');
  // a text without answers is Moodle's description, which the bank has no type for
  if (open < 0) throw new GiftError('gift_unsupported');
  const close = findUnescaped(rest, '}', open);
  if (close < 0) throw new GiftError('gift_syntax');
  const after = unescape(rest.slice(close + 1));
  const before = unescape(withoutFormat(rest.slice(0, open)));
  const text = after === '' ? before : `${before} _____ ${after}`;
  const rawBody = rest.slice(open + 1, close);
  const generalAt = rawBody.indexOf('####');
  const general = generalAt < 0 ? undefined : unescape(rawBody.slice(generalAt + 4));
  const body = generalAt < 0 ? rawBody : rawBody.slice(0, generalAt);
  const trimmed = body.trim();
  const common = {
    texts: texts(language, text),
    ...(tags.length > 0 ? { tags } : {}),
    ...(feedbackOf(language, general) ? { feedback: feedbackOf(language, general) } : {}),
  };
  // essay `{}`, numerical `{#…}`, description (no braces) have no counterpart in the bank
  if (trimmed === '' || trimmed.startsWith('#')) throw new GiftError('gift_unsupported');

  const [word, ...feedbacks] = splitHashes(trimmed);
  const bare = word?.trim().toUpperCase() ?? '';
  if (TRUE_WORDS.has(bare) || FALSE_WORDS.has(bare)) {
    const [wrongFeedback, rightFeedback] = feedbacks.map((one) => unescape(one));
    const answer = TRUE_WORDS.has(bare);
    // Moodle: the first feedback is shown for a wrong answer, the second for the right one
    return {
      type: 'true_false',
      ...common,
      answer,
      feedbackTrue: feedbackOf(language, answer ? rightFeedback : wrongFeedback),
      feedbackFalse: feedbackOf(language, answer ? wrongFeedback : rightFeedback),
    };
  }

  const answers = answersOf(body);
  if (answers.length === 0) throw new GiftError('gift_syntax');
  if (answers.some((answer) => answer.text.includes('->'))) return orderingOf(answers, common);

  const option = (answer: Answer, weight: number) => ({
    texts: texts(language, answer.text),
    weight,
    feedback: feedbackOf(language, answer.feedback),
  });
  if (answers.every((answer) => answer.marker === '=')) {
    return {
      type: 'short_answer',
      ...common,
      answers: answers.map((answer) => ({
        text: answer.text,
        weight: answer.weight ?? 100,
        feedback: feedbackOf(language, answer.feedback),
      })),
    };
  }
  const rights = answers.filter((answer) => answer.marker === '=').length;
  if (rights === 1) {
    return {
      type: 'single',
      ...common,
      options: answers.map((answer) => option(answer, answer.marker === '=' ? 100 : (answer.weight ?? 0))),
    };
  }
  if (rights > 1) throw new GiftError('gift_syntax');
  return { type: 'multiple', ...common, options: answers.map((answer) => option(answer, answer.weight ?? 0)) };
}

/** Matching fits ordering only when every pair's right side is its position: `=first -> 1`, `=second -> 2`. */
function orderingOf(answers: Answer[], common: Pick<QuestionInput, 'texts' | 'tags' | 'feedback'>): QuestionInput {
  const pairs = answers.map((answer) => {
    const arrow = answer.text.lastIndexOf('->');
    return { item: answer.text.slice(0, arrow).trim(), position: Number(answer.text.slice(arrow + 2).trim()) };
  });
  const positions = pairs.map((pair) => pair.position).sort((a, b) => a - b);
  const fits =
    answers.every((answer) => answer.marker === '=' && answer.weight === undefined) &&
    positions.every((position, index) => position === index + 1);
  if (!fits) throw new GiftError('gift_unsupported');
  const language = Object.keys(common.texts)[0] as Language;
  return {
    type: 'ordering',
    ...common,
    items: [...pairs].sort((a, b) => a.position - b.position).map((pair) => ({ texts: { [language]: pair.item } })),
  };
}

/**
 * Parses a GIFT text (Moodle's format) into the bank's questions in `language`: every question valid or its line's
 * error. `$CATEGORY:` sets the following questions' tag (the category path's last part).
 */
export function parseGift(source: string, language: Language): ParseResult {
  const errors: ImportError[] = [];
  const questions: ParsedQuestion[] = [];
  let tags: string[] = [];
  for (const block of blocksOf(source, errors)) {
    const category = /^\s*\$CATEGORY:\s*(.*)$/.exec(block.text);
    if (category) {
      const tag = (category[1] ?? '').split('/').at(-1)?.trim().slice(0, QUIZ_LIMITS.tagMax) ?? '';
      tags = tag === '' ? [] : [tag];
      continue;
    }
    if (questions.length + errors.length >= IMPORT_LIMITS.questionsMax) {
      errors.push({ line: block.line, code: 'too_many_questions' });
      break;
    }
    try {
      const parsed = questionInputSchema.safeParse(questionOf(block.text, language, tags));
      if (parsed.success) questions.push({ line: block.line, question: parsed.data });
      else errors.push({ line: block.line, code: 'question_invalid', detail: parsed.error.issues[0]?.message });
    } catch (error) {
      if (!(error instanceof GiftError)) throw error;
      errors.push({ line: block.line, code: error.code });
    }
  }
  return { questions, errors };
}

/** A text as GIFT writes it: its special characters escaped, its line breaks as `\n`. */
const escaped = (text: string) => text.replace(/[\\~=#{}:]/g, (char) => `\\${char}`).replace(/\r?\n/g, '\\n');

/**
 * The bank as GIFT in one language (texts missing in it fall back as the player's do), read back by parseGift as
 * the same questions: each question's first tag becomes its `$CATEGORY:`.
 */
export function toGift(questions: QuestionInput[], language: Language): string {
  const inLanguage = (texts: Texts) => escaped(textIn(texts, language));
  const feedback = (texts: Texts | undefined) => (texts ? ` #${inLanguage(texts)}` : '');
  const weight = (value: number) => `%${value}%`;
  const blocks: string[] = [];
  let category: string | undefined;
  for (const question of questions) {
    const tag = question.tags?.[0];
    if (tag !== category) {
      blocks.push(`$CATEGORY: ${tag ?? ''}`);
      category = tag;
    }
    const answers = (() => {
      switch (question.type) {
        case 'single':
          return question.options.map(
            (option) =>
              `${option.weight === 100 ? '=' : `~${option.weight === 0 ? '' : weight(option.weight)}`}${inLanguage(option.texts)}${feedback(option.feedback)}`,
          );
        case 'multiple':
          return question.options.map(
            (option) => `~${weight(option.weight)}${inLanguage(option.texts)}${feedback(option.feedback)}`,
          );
        case 'true_false': {
          const [right, wrong] = question.answer
            ? [question.feedbackTrue, question.feedbackFalse]
            : [question.feedbackFalse, question.feedbackTrue];
          return [
            `${question.answer ? 'TRUE' : 'FALSE'}#${wrong ? inLanguage(wrong) : ''}#${right ? inLanguage(right) : ''}`,
          ];
        }
        case 'short_answer':
          return question.answers.map(
            (answer) =>
              `=${answer.weight === 100 ? '' : weight(answer.weight)}${escaped(answer.text)}${feedback(answer.feedback)}`,
          );
        case 'ordering':
          return question.items.map((item, index) => `=${inLanguage(item.texts)} -> ${index + 1}`);
      }
    })();
    const general = question.feedback ? [`####${inLanguage(question.feedback)}`] : [];
    blocks.push(`${inLanguage(question.texts)} {\n${[...answers, ...general].join('\n')}\n}`);
  }
  return `${blocks.join('\n\n')}\n`;
}
