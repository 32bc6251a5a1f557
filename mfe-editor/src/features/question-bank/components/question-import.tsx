import type { QuestionInput } from '@portal/contracts/quizzes';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import { currentLanguage } from '@portal/web-kit/i18n';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import styles from '../../../components/authoring.module.css';
import { AUTHORING_NAMESPACE } from '../../../lib/authoring-i18n.ts';
import { useImportQuestions } from '../api/questions.ts';
import { textIn } from '../lib/question-text.ts';

interface Preview {
  file: File;
  questions: QuestionInput[];
  errors: { line: number; code: string; message: string }[];
}

/**
 * The import of a GIFT file (Moodle) or a CSV file (a spreadsheet), told apart by the file's name: the chosen file goes first as a dry run, whose preview shows each question as parsed and each
 * line's error (in the reader's language, from the server); only a file without errors can then be imported.
 */
export function QuestionImport({ courseId }: { courseId: string }) {
  const { t } = useTranslation(AUTHORING_NAMESPACE);
  const id = useId();
  const importing = useImportQuestions(courseId);
  const [preview, setPreview] = useState<Preview | null>(null);
  const language = currentLanguage();

  const check = async (file: File) => {
    setPreview(null);
    try {
      const result = await importing.mutateAsync({ file, dryRun: true });
      setPreview({ file, ...result });
    } catch (error) {
      toast.error(t(apiErrorKey(error, 'import.failed')));
    }
  };

  const store = async () => {
    if (!preview) return;
    try {
      const result = await importing.mutateAsync({ file: preview.file, dryRun: false });
      if (result.errors.length > 0) {
        setPreview({ file: preview.file, ...result });
        return;
      }
      toast.success(t('import.done', { number: result.questions.length }));
      setPreview(null);
    } catch (error) {
      toast.error(t(apiErrorKey(error, 'import.failed')));
    }
  };

  return (
    <div className={styles.form}>
      <div className={field.field}>
        <label htmlFor={`${id}-file`} className={field.label}>
          {t('import.file')}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".gift,.txt,.csv,text/plain,text/csv"
          className={styles.input}
          aria-describedby={`${id}-hint`}
          disabled={importing.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void check(file);
          }}
        />
        <p id={`${id}-hint`} className={styles.muted}>
          {t('import.hint')}
        </p>
      </div>
      {importing.isPending && <p role="status">{t('import.checking')}</p>}
      {preview && (
        <section className={styles.preview} aria-labelledby={`${id}-preview`}>
          <h3 id={`${id}-preview`} className={styles.cardTitle}>
            {t('import.preview', { number: preview.questions.length, name: preview.file.name })}
          </h3>
          {preview.errors.length > 0 && (
            <div role="alert">
              <p>{t('import.hasErrors', { number: preview.errors.length })}</p>
              <ul className={styles.errors}>
                {preview.errors.map((error) => (
                  <li key={`${error.line}-${error.code}`}>
                    {t('import.lineError', { line: error.line, message: error.message })}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <ol className={styles.list}>
            {preview.questions.map((question, index) => (
              <li key={index} className={styles.item}>
                <div className={styles.itemMain}>
                  <span className={styles.itemTitle}>{textIn(question.texts, language)}</span>
                  <span className={styles.muted}>{t(`types.${question.type}`)}</span>
                </div>
              </li>
            ))}
          </ol>
          <div className={styles.actions}>
            <button type="button" className={buttons.button} onClick={() => setPreview(null)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className={buttons.buttonPrimary}
              disabled={preview.errors.length > 0 || preview.questions.length === 0 || importing.isPending}
              onClick={() => void store()}
            >
              {t('import.confirm', { number: preview.questions.length })}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
