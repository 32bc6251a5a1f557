import { type PasswordScore, type Person, passwordScore } from '@portal/contracts/password-strength';
import { useEffect, useState } from 'react';

const CHECK_DELAY_MS = 150;

/**
 * How hard the new password is to guess, judged by the server's function with the same person, a moment after
 * the typing stops; undefined while the password typed last is not judged yet. The dictionaries load with the
 * first check, so only the pages that judge a password fetch them.
 */
export function usePasswordScore(password: string, person: Person): PasswordScore | undefined {
  const { name, email } = person;
  const [judged, setJudged] = useState<{ password: string; name?: string; email?: string; score: PasswordScore }>();

  useEffect(() => {
    if (!password) return;
    let current = true;
    const timer = setTimeout(() => {
      void passwordScore(password, { name, email }).then((score) => {
        if (current) setJudged({ password, name, email, score });
      });
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, name, email]);

  const upToDate = judged?.password === password && judged.name === name && judged.email === email;
  return password && upToDate ? judged.score : undefined;
}
