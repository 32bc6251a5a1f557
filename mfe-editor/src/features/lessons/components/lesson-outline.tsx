import type { CourseFile } from '@portal/contracts/courses';
import type { Lesson } from '@portal/contracts/lessons';
import { pages } from '@portal/contracts/pages';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import { DeletionDialog, useDeletion } from '@portal/web-kit/deletion';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import hidden from '@portal/web-kit/styles/visually-hidden.module.css';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import styles from '../../../components/authoring.module.css';
import { AUTHORING_NAMESPACE } from '../../../lib/authoring-i18n.ts';
import { useDeleteLesson, useOrderLessons } from '../api/lessons.ts';
import { moved } from '../lib/move.ts';
import { LessonForm } from './lesson-form.tsx';
import { QuizSettingsForm } from './quiz-settings-form.tsx';

type Editing = { lesson: Lesson | null } | null;
type Direction = 'up' | 'down';

interface Props {
  courseId: string;
  lessons: readonly Lesson[];
  files: readonly CourseFile[];
}

/**
 * The course's lessons in order: each edited, deleted (after the portal's question) or moved, by dragging its row
 * or with its Move up and Move down buttons, the new place announced to screen readers. A quiz lesson's settings
 * open under it.
 */
export function LessonOutline({ courseId, lessons, files }: Props) {
  const { t } = useTranslation(AUTHORING_NAMESPACE);
  const order = useOrderLessons(courseId);
  const remove = useDeleteLesson(courseId);
  const [editing, setEditing] = useState<Editing>(null);
  const [settingsOf, setSettingsOf] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  /** After a move by keyboard, the button to give the focus back to (the row was moved in the page). */
  const focusAfterMove = useRef<{ id: string; direction: Direction } | null>(null);
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());

  const deletion = useDeletion(async (lesson: Lesson) => {
    try {
      await remove.mutateAsync(lesson.id);
      toast.success(t('lessons.deleted', { title: lesson.title }));
    } catch (error) {
      toast.error(t(apiErrorKey(error, 'lessons.deleteFailed')));
    }
  });

  const ids = lessons.map((lesson) => lesson.id);
  const reorder = (from: number, to: number) => {
    const lesson = lessons[from];
    if (!lesson || to < 0 || to >= lessons.length || from === to) return;
    setAnnouncement(t('lessons.moved', { title: lesson.title, position: to + 1, total: lessons.length }));
    order.mutate(moved(ids, from, to), {
      onError: (error) => {
        setAnnouncement(t('lessons.moveFailed'));
        toast.error(t(apiErrorKey(error, 'lessons.moveFailed')));
      },
    });
  };

  useEffect(() => {
    const wanted = focusAfterMove.current;
    if (!wanted) return;
    focusAfterMove.current = null;
    const index = lessons.findIndex((lesson) => lesson.id === wanted.id);
    // At the top or bottom its button in that direction is disabled: the other one takes the focus.
    const atEdge = wanted.direction === 'up' ? index === 0 : index === lessons.length - 1;
    const direction = atEdge ? (wanted.direction === 'up' ? 'down' : 'up') : wanted.direction;
    moveButtons.current.get(`${wanted.id}-${direction}`)?.focus();
  }, [lessons]);

  const moveBy = (index: number, direction: Direction) => {
    const lesson = lessons[index];
    if (!lesson) return;
    reorder(index, direction === 'up' ? index - 1 : index + 1);
    focusAfterMove.current = { id: lesson.id, direction };
  };

  const onDrop = (event: DragEvent, targetId: string) => {
    event.preventDefault();
    const from = dragged === null ? -1 : ids.indexOf(dragged);
    setDragged(null);
    setOver(null);
    if (from >= 0) reorder(from, ids.indexOf(targetId));
  };

  return (
    <>
      <p className={hidden.visuallyHidden} role="status" aria-live="polite">
        {announcement}
      </p>
      {lessons.length === 0 ? (
        <p className={styles.muted}>{t('lessons.empty')}</p>
      ) : (
        <>
          <p id="lesson-order-hint" className={styles.muted}>
            {t('lessons.orderHint')}
          </p>
          <ol className={styles.list} aria-label={t('lessons.listLabel')} aria-describedby="lesson-order-hint">
            {lessons.map((lesson, index) => (
              <li
                key={lesson.id}
                className={[
                  styles.item,
                  dragged === lesson.id ? styles.dragging : '',
                  over === lesson.id && dragged !== lesson.id ? styles.dropTarget : '',
                ].join(' ')}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', lesson.id);
                  setDragged(lesson.id);
                }}
                onDragEnd={() => {
                  setDragged(null);
                  setOver(null);
                }}
                onDragOver={(event) => {
                  event.preventDefault();
                  setOver(lesson.id);
                }}
                onDrop={(event) => onDrop(event, lesson.id)}
              >
                <span className={styles.handle} aria-hidden="true">
                  ⠿
                </span>
                <div className={styles.itemMain}>
                  <span className={styles.itemTitle}>{`${lesson.position}. ${lesson.title}`}</span>
                  <span className={styles.muted}>{t(`kinds.${lesson.kind}`)}</span>
                </div>
                <div className={styles.itemActions}>
                  {(['up', 'down'] as const).map((direction) => (
                    <button
                      key={direction}
                      ref={(element) => {
                        const key = `${lesson.id}-${direction}`;
                        if (element) moveButtons.current.set(key, element);
                        else moveButtons.current.delete(key);
                      }}
                      type="button"
                      className={buttons.button}
                      aria-label={t(direction === 'up' ? 'lessons.moveUp' : 'lessons.moveDown', {
                        title: lesson.title,
                      })}
                      disabled={direction === 'up' ? index === 0 : index === lessons.length - 1}
                      onClick={() => moveBy(index, direction)}
                    >
                      {direction === 'up' ? '↑' : '↓'}
                    </button>
                  ))}
                  {lesson.kind === 'quiz' && (
                    <button
                      type="button"
                      className={buttons.button}
                      aria-expanded={settingsOf === lesson.id}
                      onClick={() => setSettingsOf(settingsOf === lesson.id ? null : lesson.id)}
                    >
                      {t('lessons.quizSettings')}
                    </button>
                  )}
                  {lesson.kind === 'quiz' && (
                    <Link
                      className={buttons.button}
                      to={pages.adminQuizReport.getHref(lesson.id)}
                      aria-label={t('lessons.quizReportOf', { title: lesson.title })}
                    >
                      {t('lessons.quizReport')}
                    </Link>
                  )}
                  <button
                    type="button"
                    className={buttons.button}
                    aria-label={t('lessons.edit', { title: lesson.title })}
                    onClick={() => setEditing({ lesson })}
                  >
                    {t('common.edit')}
                  </button>
                  <button
                    type="button"
                    className={buttons.buttonDanger}
                    aria-label={t('lessons.delete', { title: lesson.title })}
                    onClick={() => deletion.ask(lesson)}
                  >
                    {t('common.delete')}
                  </button>
                </div>
                {settingsOf === lesson.id && (
                  <QuizSettingsForm lessonId={lesson.id} onDone={() => setSettingsOf(null)} />
                )}
                {editing?.lesson?.id === lesson.id && (
                  <LessonForm courseId={courseId} lesson={lesson} files={files} onDone={() => setEditing(null)} />
                )}
              </li>
            ))}
          </ol>
        </>
      )}
      {editing?.lesson === null ? (
        <LessonForm courseId={courseId} lesson={null} files={files} onDone={() => setEditing(null)} />
      ) : (
        <div className={styles.actions}>
          <button type="button" className={buttons.buttonPrimary} onClick={() => setEditing({ lesson: null })}>
            {t('lessons.add')}
          </button>
        </div>
      )}
      <DeletionDialog
        namespace={AUTHORING_NAMESPACE}
        deletion={deletion}
        texts="lessons.deletion"
        values={(lesson) => ({ title: lesson.title })}
      />
    </>
  );
}
