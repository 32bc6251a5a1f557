import { useState } from 'react';

/**
 * The text fields of a form and what the user did with them: their values, which ones were left (touched), whether
 * a send was tried, and the codes the server answered per field. `bind` gives a field's props; typing into a field
 * clears the server's code on it.
 */
export function useFormFields<Field extends string>(empty: Record<Field, string>) {
  const [values, setValues] = useState(empty);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [triedToSend, setTriedToSend] = useState(false);
  const [serverCodes, setServerCodes] = useState<Partial<Record<Field, string>>>({});

  return {
    values,
    touched,
    triedToSend,
    serverCodes,
    setServerCodes,
    /** A send with problems: the form shows them instead of sending. */
    showErrors: () => setTriedToSend(true),
    reset: () => {
      setValues(empty);
      setTouched({});
      setTriedToSend(false);
      setServerCodes({});
    },
    bind: (field: Field, error: string | undefined) => ({
      name: field,
      value: values[field],
      error,
      onChange: (event: { target: { value: string } }) => {
        setValues((current) => ({ ...current, [field]: event.target.value }));
        setServerCodes((current) => ({ ...current, [field]: undefined }));
      },
      onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    }),
  };
}
