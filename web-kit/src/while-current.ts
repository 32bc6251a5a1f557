/**
 * For an effect that waits on a promise: hands on its value, or its error where `onError` is given, only while the
 * effect is current. Returns the effect's cleanup, after which a late answer (the page moved on) is dropped. Without
 * `onError` a failure stays unhandled, as it would be without this.
 */
export function whileCurrent<T>(
  promise: Promise<T>,
  onValue: (value: T) => void,
  onError?: (error: unknown) => void,
): () => void {
  let current = true;
  void promise.then(
    (value) => {
      if (current) onValue(value);
    },
    onError &&
      ((error: unknown) => {
        if (current) onError(error);
      }),
  );
  return () => {
    current = false;
  };
}
