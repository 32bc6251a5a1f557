import { api } from '@portal/contracts/api-client';
import { formatFileSize, formatNumber } from '@portal/web-kit/format';
import { useTranslation } from 'react-i18next';
import { FileIcon } from '../../../components/icons.tsx';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import { useCourseFiles } from '../api/course-files.ts';
import styles from './course-view.module.css';

/**
 * The course's files as download links (each opens in a new tab; the answer is an attachment), all of them as
 * one zip when there are several, or why there are none; when the files service does not answer, the course's
 * page stands and says so here.
 */
export function CourseFiles({ courseId }: { courseId: string }) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const { data: files, isPending, isError } = useCourseFiles(courseId);
  if (isPending) return <p className={styles.muted}>{t('details.filesLoading')}</p>;
  if (isError) return <p className={styles.notice}>{t('details.filesUnavailable')}</p>;
  if (files.length === 0) return <p className={styles.muted}>{t('details.noFiles')}</p>;
  return (
    <>
      <ul className={styles.files}>
        {files.map((file) => (
          <li key={file.id}>
            <a
              href={api.href('downloadFile', { params: { fileId: file.id } })}
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
      {files.length > 1 && (
        <p>
          <a href={api.href('downloadCourseFiles', { params: { courseId } })} target="_blank" rel="noopener noreferrer">
            {t('details.downloadAll', { count: formatNumber(files.length) })}
          </a>
        </p>
      )}
    </>
  );
}
