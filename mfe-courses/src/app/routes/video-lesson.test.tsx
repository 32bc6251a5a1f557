import '@portal/web-kit/testing/setup-i18n';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { Course } from '@portal/contracts/courses';
import type { Lesson } from '@portal/contracts/lessons';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { anna, fakeApi } from '../../../../jest/fake-api.ts';
import { queryClient } from '../../lib/queries.tsx';
import { course } from '../../testing/fixtures.ts';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import CourseDetailsPage from './course-details.tsx';

const shown = course({ title: 'Fire safety', description: '<p>Why exits matter.</p>' });
const VIDEO_ID = '7f3e2d1c-0b9a-4876-a543-210fedcba981';
const CAPTIONS_EN = '7f3e2d1c-0b9a-4876-a543-210fedcba982';
const CAPTIONS_DE = '7f3e2d1c-0b9a-4876-a543-210fedcba983';

const video: Lesson = {
  id: '00000000-0000-4000-8000-000000000001',
  courseId: shown.id,
  position: 1,
  kind: 'video',
  title: 'Walking to the exits',
  body: '',
  language: 'en',
  defaultLanguage: 'en',
  languages: ['en'],
  fileId: VIDEO_ID,
  captions: { de: CAPTIONS_DE, en: CAPTIONS_EN },
  viewedAt: null,
};
const next: Lesson = { ...video, id: '00000000-0000-4000-8000-000000000002', position: 2, kind: 'text', title: 'Next' };

function openVideo(lesson: Lesson = video) {
  const api = fakeApi({
    [`GET /api/courses/${shown.id}`]: { status: 200, body: shown satisfies Course },
    [`GET /api/courses/${shown.id}/lessons`]: {
      status: 200,
      body: { lessons: [lesson, next], continueWith: lesson.id },
    },
    [`GET /api/files/course/${shown.id}/files`]: { status: 200, body: [] },
    [`POST /api/lessons/${lesson.id}/viewed`]: {
      status: 200,
      body: { lessonId: lesson.id, viewedAt: '2026-12-02T08:00:00.000Z' },
    },
    'GET /api/courses/participations/mine': { status: 200, body: [] },
    'GET /api/assignments/mine': { status: 200, body: [] },
  });
  renderPage(<CourseDetailsPage session={fakeSession(anna)} />, {
    path: '/course/:courseId',
    urls: [`/course/${shown.id}`],
  });
  return api;
}

/** What the browser reports: the video's length and the stretches of it actually played (seeking adds none). */
function play(player: HTMLVideoElement, duration: number, played: [number, number][]) {
  Object.defineProperty(player, 'duration', { configurable: true, value: duration });
  Object.defineProperty(player, 'played', {
    configurable: true,
    value: {
      length: played.length,
      start: (index: number) => played[index]?.[0] ?? 0,
      end: (index: number) => played[index]?.[1] ?? 0,
    },
  });
}

const player = async () => (await screen.findByLabelText('Walking to the exits')) as HTMLVideoElement;
const viewedCalls = (api: ReturnType<typeof fakeApi>) => api.calls(`POST /api/lessons/${video.id}/viewed`);

describe('a video lesson', () => {
  afterEach(() => queryClient.clear());

  it('when it opens, then the browser plays the file with its captions, the reader’s language on by default', async () => {
    openVideo();
    const shownVideo = await player();
    expect(shownVideo.tagName).toBe('VIDEO');
    expect(shownVideo).toHaveAttribute('src', `/api/files/download/${VIDEO_ID}`);
    expect(shownVideo).toHaveAttribute('preload', 'metadata');
    expect(shownVideo).toHaveAttribute('controls');
    const tracks = [...shownVideo.querySelectorAll('track')].map((track) => ({
      kind: track.kind,
      srclang: track.srclang,
      label: track.label,
      src: track.getAttribute('src'),
      default: track.default,
    }));
    expect(tracks).toEqual([
      { kind: 'captions', srclang: 'en', label: 'English', src: `/api/files/download/${CAPTIONS_EN}`, default: true },
      { kind: 'captions', srclang: 'de', label: 'Deutsch', src: `/api/files/download/${CAPTIONS_DE}`, default: false },
    ]);
    expect(screen.queryByRole('button', { name: /Mark as viewed/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next lesson' })).toBeInTheDocument();
  });

  it('when 90 % of it has been played, then it is marked viewed, once', async () => {
    const api = openVideo();
    const shownVideo = await player();
    play(shownVideo, 60, [[0, 50]]);
    fireEvent.timeUpdate(shownVideo);
    expect(viewedCalls(api)).toHaveLength(0);
    play(shownVideo, 60, [
      [0, 50],
      [52, 56],
    ]);
    fireEvent.timeUpdate(shownVideo);
    await waitFor(() => expect(viewedCalls(api)).toHaveLength(1));
    expect(await screen.findByText('1 of 2 viewed')).toBeInTheDocument();
    expect(screen.getByText('You have watched this video.')).toBeInTheDocument();
    play(shownVideo, 60, [[0, 60]]);
    fireEvent.timeUpdate(shownVideo);
    fireEvent.ended(shownVideo);
    expect(viewedCalls(api)).toHaveLength(1);
  });

  it('when the reader jumps to the end, then the end alone does not count: nothing is marked', async () => {
    const api = openVideo();
    const shownVideo = await player();
    play(shownVideo, 60, [
      [0, 3],
      [57, 60],
    ]);
    fireEvent.timeUpdate(shownVideo);
    fireEvent.ended(shownVideo);
    fireEvent.pause(shownVideo);
    expect(viewedCalls(api)).toHaveLength(0);
    expect(screen.getByText('0 of 2 viewed')).toBeInTheDocument();
  });

  it('when it was viewed before, then watching it again tells the server nothing', async () => {
    const api = openVideo({ ...video, viewedAt: '2026-12-01T08:00:00.000Z' });
    const shownVideo = await player();
    play(shownVideo, 60, [[0, 60]]);
    fireEvent.ended(shownVideo);
    expect(viewedCalls(api)).toHaveLength(0);
    expect(screen.getByText('You have watched this video.')).toBeInTheDocument();
  });
});
