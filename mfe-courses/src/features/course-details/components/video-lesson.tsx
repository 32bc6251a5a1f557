import { api } from '@portal/contracts/api-client';
import { LANGUAGE_NAMES, LANGUAGES } from '@portal/contracts/languages';
import type { Lesson } from '@portal/contracts/lessons';
import { currentLanguage } from '@portal/web-kit/i18n';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import styles from './video-lesson.module.css';

/** The share of a video that counts it as watched, as "watched to the end". */
const WATCHED_SHARE = 0.9;

/** How much of the video was played: the browser's played ranges, which seeking past a part does not add to. */
function playedShare(video: HTMLVideoElement): number {
  if (!Number.isFinite(video.duration) || video.duration <= 0) return 0;
  let seconds = 0;
  for (let index = 0; index < video.played.length; index += 1) {
    seconds += video.played.end(index) - video.played.start(index);
  }
  return seconds / video.duration;
}

const fileHref = (fileId: string) => api.href('downloadFile', { params: { fileId } });

/**
 * A video lesson in the browser's player (streamed in byte ranges), with its captions in every language it has,
 * the reader's own on by default. It counts as viewed once 90 % of it has been played, to the end or not; jumping
 * to the end plays nothing, so it does not count.
 */
export function VideoLesson({ lesson, onWatched }: { lesson: Lesson; onWatched: (lessonId: string) => void }) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const told = useRef(lesson.viewedAt !== null);
  const language = currentLanguage();
  if (lesson.fileId === null) return null;
  const captions = LANGUAGES.flatMap((captionsLanguage) => {
    const fileId = lesson.captions?.[captionsLanguage];
    return fileId ? [{ language: captionsLanguage, fileId }] : [];
  });

  const checkWatched = (event: React.SyntheticEvent<HTMLVideoElement>) => {
    if (told.current || playedShare(event.currentTarget) < WATCHED_SHARE) return;
    told.current = true;
    onWatched(lesson.id);
  };

  return (
    <div className={styles.player}>
      <video
        className={styles.video}
        controls
        preload="metadata"
        playsInline
        src={fileHref(lesson.fileId)}
        aria-label={lesson.title}
        onTimeUpdate={checkWatched}
        onPause={checkWatched}
        onEnded={checkWatched}
      >
        {captions.map((caption) => (
          <track
            key={caption.language}
            kind="captions"
            src={fileHref(caption.fileId)}
            srcLang={caption.language}
            label={LANGUAGE_NAMES[caption.language]}
            default={caption.language === language}
          />
        ))}
        <a href={fileHref(lesson.fileId)}>{t('lessons.downloadVideo')}</a>
      </video>
      <p className={styles.hint}>{lesson.viewedAt === null ? t('lessons.videoHint') : t('lessons.videoWatched')}</p>
    </div>
  );
}
