import type { Category, Course, CourseFile } from '@portal/contracts/courses';
import type { Lesson } from '@portal/contracts/lessons';

export const onboarding: Category = { id: '9a1b7c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d', name: 'Onboarding' };
export const security: Category = { id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', name: 'Information security' };

export const courseId = 'c0ffee00-0000-4000-8000-000000000001';

export function storedFile(values: Partial<CourseFile> = {}): CourseFile {
  return {
    id: '7f3e2d1c-0b9a-4876-a543-210fedcba987',
    fileName: 'Handbook 2026.pdf',
    fileSize: 1_572_864,
    fileType: 'application/pdf',
    uploadedAt: '2026-11-02T08:00:00.000Z',
    courseId,
    ...values,
  };
}

export function course(values: Partial<Course> = {}): Course {
  return {
    id: courseId,
    title: 'Welcome to the course portal',
    shortDescription: 'How to find courses.',
    isPublished: true,
    categories: [onboarding],
    participantCount: 0,
    completedCount: 0,
    completionProof: 'confirmation',
    completionRequires: [],
    createdAt: '2026-11-02T08:00:00.000Z',
    updatedAt: '2026-11-02T08:00:00.000Z',
    description: '<p>How to <strong>find courses</strong>.</p>',
    language: 'en',
    defaultLanguage: 'en',
    languages: ['en'],
    texts: {
      en: {
        title: 'Welcome to the course portal',
        shortDescription: 'How to find courses.',
        description: '<p>How to <strong>find courses</strong>.</p>',
      },
    },
    files: [],
    participants: [],
    ...values,
  };
}

/** A lesson of the course, as an administrator reads it (with its texts per language). */
export function lesson(id: string, title: string, position: number, values: Partial<Lesson> = {}): Lesson {
  return {
    id,
    courseId,
    position,
    kind: 'text',
    title,
    body: `<p>${title}</p>`,
    language: 'en',
    defaultLanguage: 'en',
    languages: ['en'],
    fileId: null,
    viewedAt: null,
    texts: { en: { title, body: `<p>${title}</p>` } },
    ...values,
  };
}
