import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** zxcvbn's score from 0 (guessed at once) to 4; new passwords need at least this. */
export const PASSWORD_MIN_SCORE = 3;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/**
 * zxcvbn's cost grows steeply with the length and the substitutable characters of a password (seconds for 128
 * crafted characters): it judges the first 32 characters, with at most 2 l33t substitutions (P@ssw0rd1 is still
 * found). A password whose start is guessable stays refused; one strong in its first 32 characters is strong.
 */
export const PASSWORD_JUDGED_LENGTH = 32;
const L33T_MAX_SUBSTITUTIONS = 2;

let estimator: Promise<ZxcvbnFactory> | undefined;

/** The German and Italian packages name their lists without a language suffix: give them one so none is overwritten. */
function suffixed(dictionary: Record<string, string[]>, language: string) {
  return Object.fromEntries(Object.entries(dictionary).map(([name, words]) => [`${name}-${language}`, words]));
}

/**
 * zxcvbn with the common-password lists and the English, French, German and Italian dictionaries. Several
 * megabytes: imported on first use only, so a page or a process that never checks a new password never loads them.
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
    import('@zxcvbn-ts/language-fr'),
    import('@zxcvbn-ts/language-de'),
    import('@zxcvbn-ts/language-it'),
  ]).then(
    ([core, common, en, fr, de, it]) =>
      new core.ZxcvbnFactory({
        graphs: common.adjacencyGraphs,
        dictionary: {
          ...common.dictionary,
          ...en.dictionary,
          ...fr.dictionary,
          ...suffixed(de.dictionary, 'de'),
          ...suffixed(it.dictionary, 'it'),
        },
        maxLength: PASSWORD_JUDGED_LENGTH,
        l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
      }),
  );
  return estimator;
}

/** Loads the dictionaries now, so that the first registration does not wait seconds for them (servers call it at start). */
export async function preloadPasswordEstimator(): Promise<void> {
  await loadEstimator();
}

export interface Person {
  name?: string | undefined;
  email?: string | undefined;
}

/**
 * What a password must not be built on: the person's name and e-mail, whole, in parts and with the parts run
 * together ("jeandupont"), which zxcvbn does not find from the parts alone.
 */
export function userInputsOf(person: Person): string[] {
  const name = (person.name ?? '').trim().toLowerCase();
  const email = (person.email ?? '').trim().toLowerCase();
  const local = email.split('@')[0] ?? '';
  const nameParts = name.split(/\s+/);
  const emailParts = email.split(/[@.+_-]/);
  const localParts = local.split(/[.+_-]/);
  const inputs = [name, nameParts.join(''), ...nameParts, email, local, localParts.join(''), ...emailParts];
  return [...new Set(inputs.filter((input) => input.length >= 3))];
}

/** How hard the password is to guess (0 to 4), knowing the person's name and e-mail. */
export async function passwordScore(password: string, person: Person): Promise<PasswordScore> {
  return (await loadEstimator()).check(password, userInputsOf(person)).score;
}

/**
 * The rule for new passwords beyond the character rules: common or guessable passwords are refused. The server
 * refuses with it and the forms keep their button disabled with it, so both judge alike.
 */
export async function isGuessablePassword(password: string, person: Person): Promise<boolean> {
  return (await passwordScore(password, person)) < PASSWORD_MIN_SCORE;
}
