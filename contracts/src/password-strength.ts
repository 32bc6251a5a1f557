import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** zxcvbn's score from 0 (guessed at once) to 4; new passwords need at least this. */
export const PASSWORD_MIN_SCORE = 3;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

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
      }),
  );
  return estimator;
}

/** Loads the dictionaries now, so that the first registration does not wait seconds for them (servers call it at start). */
export async function preloadPasswordEstimator(): Promise<void> {
  await loadEstimator();
}

/** What a password must not be built on: the person's name and e-mail, whole and in parts. */
export function userInputsOf(person: { name?: string | undefined; email?: string | undefined }): string[] {
  const inputs = [
    person.name,
    person.email,
    ...(person.name ?? '').split(/\s+/),
    ...(person.email ?? '').split(/[@.+_-]/),
  ];
  return [...new Set(inputs.map((input) => input?.trim().toLowerCase() ?? '').filter((input) => input.length >= 3))];
}

/** How hard the password is to guess (0 to 4), knowing the person's name and e-mail. */
export async function passwordScore(password: string, userInputs: string[]): Promise<PasswordScore> {
  return (await loadEstimator()).check(password, userInputs).score;
}

/** The rule for new passwords beyond the character rules: common or guessable passwords are refused. */
export async function isGuessablePassword(password: string, userInputs: string[]): Promise<boolean> {
  return (await passwordScore(password, userInputs)) < PASSWORD_MIN_SCORE;
}
