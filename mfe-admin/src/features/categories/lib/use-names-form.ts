import { type FormEvent, useState } from 'react';
import { checkNames, type NamedCategoryInput, type NamesValue } from './category-names.ts';

/**
 * The state of a form that names a category in each language (create, rename): the names typed, the rule each
 * breaks, the server's refusal and whether a save is under way. A change clears the messages; `submit` hands the
 * names to `save` only once they pass the contracts' rule, one save at a time.
 */
export function useNamesForm(initial: () => NamesValue) {
  const [value, setValue] = useState<NamesValue>(initial);
  const [issues, setIssues] = useState<Partial<Record<string, string>>>({});
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const change = (next: NamesValue) => {
    setValue(next);
    setIssues({});
    setError('');
  };

  const submit = async (event: FormEvent, save: (input: NamedCategoryInput) => Promise<void>) => {
    event.preventDefault();
    if (saving) return;
    const checked = checkNames(value);
    if (!checked.ok) {
      setIssues(checked.issues);
      return;
    }
    setSaving(true);
    try {
      await save(checked.input);
    } finally {
      setSaving(false);
    }
  };

  return { value, issues, error, saving, change, setError, submit };
}
