import type { Lesson, LessonOutline } from '@portal/contracts/lessons';
import { api } from '@portal/contracts/api-client';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import hidden from '@portal/web-kit/styles/visually-hidden.module.css';
import { usePageToasts } from 'react-toastify';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, FileIcon } from '../../../components/icons.tsx';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import { sanitizeDescription } from '../../../lib/sanitize.ts';
import { useCourseFiles } from '../api/course-files.ts';
import { useLessons, useMarkViewed } from '../api/lessons.ts';
import styles from './course-lessons.module.css';

// Loaded when a course shows such a lesson: a course page without quizzes or videos does not carry them.
const QuizPlayer = lazy(async () => ({ default: (await import('./quiz-player.tsx')).QuizPlayer }));
const VideoLesson = lazy(async () => ({ default: (await import('./video-lesson.tsx')).VideoLesson }));

/**
 * The course's lessons when it has any: the outline (each with its done mark, the open one marked current),
 * Continue to the first lesson not viewed yet, and the open lesson. A course without lessons shows nothing here,
 * and neither does one whose outline cannot be loaded: its description still stands as the course.
 */
export function CourseLessons({ courseId }: { courseId: string }) {
  const { data: outline } = useLessons(courseId);
  if (!outline || outline.lessons.length === 0) return null;
  return <LessonsOutline courseId={courseId} outline={outline} />;
}

function LessonsOutline({ courseId, outline }: { courseId: string; outline: LessonOutline }) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const toast = usePageToasts();
  const { lessons, continueWith } = outline;
  // Opens where the reader left off, on this device or another: the server keeps what they viewed.
  const [openId, setOpenId] = useState(() => continueWith ?? lessons[0]?.id);
  const open = lessons.find((lesson) => lesson.id === openId) ?? lessons[0];
  const markViewed = useMarkViewed(courseId, (error) => {
    console.error(`Could not mark the lesson ${openId ?? ''} as viewed`, error);
    toast.error(t('lessons.markFailed'));
  });
  if (!open) return null;
  const next = lessons[lessons.indexOf(open) + 1];
  const doneCount = lessons.filter((lesson) => lesson.viewedAt !== null).length;

  const markAndGoOn = () =>
    markViewed.mutate(open.id, {
      onSuccess: () => {
        if (next) setOpenId(next.id);
      },
    });

  return (
    <section className={styles.lessons} aria-labelledby="course-lessons">
      <div className={styles.outlineHeader}>
        <h2 id="course-lessons" className={styles.title}>
          {t('lessons.title')}
        </h2>
        <p className={styles.progress}>{t('lessons.progress', { done: doneCount, total: lessons.length })}</p>
        {continueWith !== null && continueWith !== open.id && (
          <button type="button" className={buttons.buttonPrimary} onClick={() => setOpenId(continueWith)}>
            {t('lessons.continue')}
          </button>
        )}
      </div>
      <nav aria-label={t('lessons.outline')}>
        <ol className={styles.outline}>
          {lessons.map((lesson) => (
            <li key={lesson.id}>
              <button
                type="button"
                className={lesson.id === open.id ? styles.current : styles.item}
                aria-current={lesson.id === open.id ? 'step' : undefined}
                onClick={() => setOpenId(lesson.id)}
              >
                <span className={lesson.viewedAt ? styles.done : styles.todo} aria-hidden="true">
                  {lesson.viewedAt ? <CheckIcon /> : lesson.position}
                </span>
                <span lang={lesson.language} className={styles.itemTitle}>
                  {lesson.title}
                </span>
                <span className={hidden.visuallyHidden}>
                  {lesson.viewedAt ? t('lessons.viewed') : t('lessons.notViewed')}
                </span>
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <section className={styles.lesson} aria-labelledby="lesson-title">
        <h3 id="lesson-title" className={styles.lessonTitle} lang={open.language}>
          {t('lessons.position', { position: open.position, total: lessons.length })} {open.title}
        </h3>
        <LessonContent courseId={courseId} lesson={open} onWatched={(lessonId) => markViewed.mutate(lessonId)} />
        <div className={styles.actions}>
          {open.kind !== 'quiz' && open.kind !== 'video' && open.viewedAt === null ? (
            <button
              type="button"
              className={buttons.buttonPrimary}
              onClick={markAndGoOn}
              disabled={markViewed.isPending}
              aria-busy={markViewed.isPending}
            >
              {next ? t('lessons.markViewedNext') : t('lessons.markViewed')}
            </button>
          ) : (
            next && (
              <button type="button" className={buttons.button} onClick={() => setOpenId(next.id)}>
                {t('lessons.next')}
              </button>
            )
          )}
        </div>
      </section>
    </section>
  );
}

/** A text lesson's rich text, a video in the player, or the file a file lesson shows as a link to download. */
function LessonContent({
  courseId,
  lesson,
  onWatched,
}: {
  courseId: string;
  lesson: Lesson;
  onWatched: (lessonId: string) => void;
}) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const body = useMemo(() => sanitizeDescription(lesson.body), [lesson.body]);
  const files = useCourseFiles(courseId);
  if (lesson.kind === 'text') {
    return <div className={styles.body} lang={lesson.language} dangerouslySetInnerHTML={{ __html: body }} />;
  }
  if (lesson.kind === 'quiz' || lesson.kind === 'video') {
    return (
      <Suspense fallback={<p role="status">{t('lessons.loadingLesson')}</p>}>
        {lesson.kind === 'quiz' ? (
          <QuizPlayer courseId={courseId} lessonId={lesson.id} />
        ) : (
          <VideoLesson key={lesson.id} lesson={lesson} onWatched={onWatched} />
        )}
      </Suspense>
    );
  }
  if (lesson.fileId === null) return null;
  const file = files.data?.find((candidate) => candidate.id === lesson.fileId);
  return (
    <p>
      <a
        href={api.href('downloadFile', { params: { fileId: lesson.fileId } })}
        target="_blank"
        rel="noopener noreferrer"
        className={styles.file}
      >
        <FileIcon />
        <span>{file ? t('lessons.download', { name: file.fileName }) : t('lessons.downloadFile')}</span>
      </a>
    </p>
  );
}
