import type { Category, Course, CourseSummary, MyParticipation } from '@portal/contracts/courses';

export const onboarding: Category = { id: '9a1b7c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d', name: 'Onboarding' };
export const security: Category = { id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', name: 'Information security' };
export const leadership: Category = { id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a', name: 'Leadership' };

let counter = 0;
const id = () => {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

export function summary(values: Partial<CourseSummary> = {}): CourseSummary {
  return {
    id: id(),
    title: 'Welcome to the course portal',
    shortDescription: 'How to find courses, start them and download their files.',
    isPublished: true,
    categories: [onboarding],
    language: 'en',
    defaultLanguage: 'en',
    languages: ['en'],
    ...values,
  };
}

export function course(values: Partial<Course> = {}): Course {
  return {
    ...summary(),
    participantCount: 3,
    completedCount: 0,
    completionProof: 'confirmation',
    completionRequires: [],
    createdAt: '2026-11-02T08:00:00.000Z',
    updatedAt: '2026-11-02T08:00:00.000Z',
    description: '<p>This short course shows you how to <strong>find courses</strong>.</p>',
    participants: [],
    ...values,
  };
}

/** The answer of GET /api/courses: the page, and the total in X-Total-Count. */
export function coursePage(items: CourseSummary[], total = items.length) {
  return { status: 200, body: items, headers: { 'X-Total-Count': String(total) } };
}

/** The reader's participation in `courseId`: taking it, or completed at `completedAt`. */
export function taking(courseId: string, completedAt: string | null = null): MyParticipation {
  return { courseId, startedAt: '2026-11-20T09:00:00.000Z', completedAt };
}
