import type { CourseFile } from '@portal/contracts/courses';
import { formatFileSize } from '@portal/web-kit/format';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NAMESPACE } from '../../../lib/i18n.ts';
import { useUploadLimit } from '../api/get-upload-limit.ts';
import type { PendingUpload } from '../lib/files-state.ts';
import styles from './course-form.module.css';

export type FileEntry = { kind: 'stored'; file: CourseFile } | { kind: 'pending'; upload: PendingUpload };

interface Props {
  entries: FileEntry[];
  disabled: boolean;
  unavailable: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
}

/**
 * The drag-and-drop file area, also a button that opens the file chooser (keyboard: Tab, then Enter or
 * Space). Added files wait as pending uploads; nothing is sent before the form is submitted. A file over the
 * portal's upload limit (/config.json) is refused at once, dropped or chosen, and the area says why.
 */
export function FileArea({ entries, disabled, unavailable, onAdd, onRemove }: Props) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [refused, setRefused] = useState<File[]>([]);
  const limit = useUploadLimit();
  const id = useId();

  const add = (files: File[]) => {
    const fits = (file: File) => limit === undefined || file.size <= limit;
    setRefused(files.filter((file) => !fits(file)));
    const accepted = files.filter(fits);
    if (accepted.length > 0) onAdd(accepted);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    add([...event.dataTransfer.files]);
  };

  const errorText = (error: NonNullable<PendingUpload['error']>) =>
    error.key === 'files.tooLarge' && limit !== undefined
      ? t('files.tooLargeWithLimit', { limit: formatFileSize(limit) })
      : t(error.key, error.values ?? {});

  return (
    <div className={styles.field}>
      <p id={`${id}-label`} className={styles.label}>
        {t('files.label')}
      </p>
      <button
        type="button"
        className={`${styles.dropzone} ${over ? styles.dropzoneOver : ''}`}
        disabled={disabled}
        aria-describedby={`${id}-label`}
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <span className={styles.dropzoneTitle}>{t('files.drop')}</span>
        <span className={styles.hint}>{t('files.dropHint')}</span>
        {limit !== undefined && (
          <span className={styles.hint}>{t('files.limit', { limit: formatFileSize(limit) })}</span>
        )}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label={t('files.choose')}
        disabled={disabled}
        onChange={(event) => {
          add([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      {refused.length > 0 && limit !== undefined && (
        <div role="alert" className={styles.refused}>
          {refused.map((file, index) => (
            <p key={`${index}-${file.name}`} className={styles.error}>
              {t('files.refused', {
                name: file.name,
                size: formatFileSize(file.size),
                limit: formatFileSize(limit),
              })}
            </p>
          ))}
        </div>
      )}
      {unavailable && (
        <p role="status" className={styles.hint}>
          {t('files.unavailable')}
        </p>
      )}
      {entries.length > 0 && (
        <ul className={styles.files} aria-label={t('files.list')}>
          {entries.map((entry) => {
            const fileId = entry.kind === 'stored' ? entry.file.id : entry.upload.id;
            const name = entry.kind === 'stored' ? entry.file.fileName : entry.upload.fileName;
            const size = entry.kind === 'stored' ? entry.file.fileSize : entry.upload.fileSize;
            const upload = entry.kind === 'pending' ? entry.upload : null;
            return (
              <li key={fileId} className={styles.file} data-file-id={fileId}>
                <div className={styles.fileMain}>
                  <span className={styles.fileName}>{name}</span>
                  <span className={styles.fileMeta}>
                    {formatFileSize(size)}
                    {upload && ` · ${t('files.pending')}`}
                  </span>
                  {upload?.progress != null && (
                    <progress
                      className={styles.progress}
                      max={100}
                      value={upload.progress}
                      role="progressbar"
                      aria-label={t('files.progress', { name })}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={upload.progress}
                    />
                  )}
                  {upload?.error && (
                    <span role="alert" className={styles.error}>
                      {errorText(upload.error)}
                    </span>
                  )}
                </div>
                <button
                  type="button"
                  className={styles.removeFile}
                  disabled={disabled}
                  aria-label={t('files.remove', { name })}
                  title={t('files.remove', { name })}
                  onClick={() => onRemove(fileId)}
                >
                  ✕
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
