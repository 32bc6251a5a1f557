import { ConfirmDialog } from './confirm-dialog.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Asked<T> {
  item: T;
  busy: boolean;
}

/** What a page asks to delete: `ask` opens the question, `confirm` runs `remove` once and closes it after. */
export function useDeletion<T>(remove: (item: T) => Promise<void>) {
  const [asked, setAsked] = useState<Asked<T> | null>(null);
  const confirm = async () => {
    if (!asked || asked.busy) return;
    setAsked({ item: asked.item, busy: true });
    await remove(asked.item);
    setAsked(null);
  };
  return { asked, ask: (item: T) => setAsked({ item, busy: false }), cancel: () => setAsked(null), confirm };
}

type Deletion<T> = ReturnType<typeof useDeletion<T>>;

/**
 * The question before a deletion, its buttons waiting while it runs. `texts` names the locale object of the slice's
 * `namespace` that words it (`title`, `text`, `confirm`, `deleting`; Cancel is `common.cancel`); `values` fills the
 * text in for the item asked about.
 */
export function DeletionDialog<T>({
  namespace,
  deletion,
  texts,
  values,
}: {
  namespace: string;
  deletion: Deletion<T>;
  texts: string;
  values: (item: T) => Record<string, string>;
}) {
  const { t } = useTranslation(namespace);
  const { asked, cancel, confirm } = deletion;
  if (!asked) return null;
  return (
    <ConfirmDialog
      title={t(`${texts}.title`)}
      message={t(`${texts}.text`, values(asked.item))}
      confirmLabel={t(`${texts}.confirm`)}
      busyLabel={t(`${texts}.deleting`)}
      cancelLabel={t('common.cancel')}
      busy={asked.busy}
      onConfirm={() => void confirm()}
      onCancel={cancel}
    />
  );
}
