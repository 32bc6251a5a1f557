import type { CourseFile } from '@portal/contracts/courses';
import { useTranslation } from 'react-i18next';
import { FileIcon } from '../../../components/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { formatFileSize } from '../../../lib/format.ts';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import styles from './course-view.module.css';

/** The course's files as download links, or why there are none; `null` means the files service did not answer. */
export function CourseFiles({ files }: { files: CourseFile[] | null }) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  if (files === null) return <p className={styles.notice}>{t('details.filesUnavailable')}</p>;
  if (files.length === 0) return <p className={styles.muted}>{t('details.noFiles')}</p>;
  return (
    <ul className={styles.files}>
      {files.map((file) => (
        <li key={file.id}>
          <a
            href={paths.fileDownload.getHref(file.id)}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.file}
          >
            <FileIcon />
            <span className={styles.fileName}>{file.fileName}</span>
          </a>
          <span className={styles.fileSize}>{formatFileSize(file.fileSize)}</span>
        </li>
      ))}
    </ul>
  );
}
