import { useState } from 'react';

/**
 * A form's request, one at a time: `send` does nothing while one runs, clears the last failure and, when the request
 * throws, shows what `failed` words for the error (after any side effects it has, such as marking a field).
 * `staysBusy`: a success moves the page on (signed in, signed out, redirected), so the form stays disabled till then.
 */
export function useSending({ staysBusy = false }: { staysBusy?: boolean } = {}) {
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async (request: () => Promise<unknown>, failed: (error: unknown) => string) => {
    if (submitting) return;
    setSubmitting(true);
    setFailure(null);
    try {
      await request();
      if (!staysBusy) setSubmitting(false);
    } catch (error) {
      setFailure(failed(error));
      setSubmitting(false);
    }
  };
  return { submitting, failure, send };
}
