import type { AdminUser } from '@portal/contracts/admin-users';
import type { Category, CourseSummary } from '@portal/contracts/courses';
import type { Assignment, CompletionRow } from '@portal/contracts/training';
import type { GroupSummary } from '@portal/contracts/training-calls';

/** Categories as the categories page lists them. */
export const onboarding: Category = { id: '9a1b7c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d', name: 'Onboarding' };
export const security: Category = { id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', name: 'Information security' };
export const leadership: Category = { id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a', name: 'Leadership' };

let counter = 0;
const id = () => {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

/** A course as the course pickers list it. */
export function summary(values: Partial<CourseSummary> = {}): CourseSummary {
  return {
    id: id(),
    title: 'Welcome to the course portal',
    shortDescription: 'How to find courses, start them and download their files.',
    isPublished: true,
    categories: [],
    language: 'en',
    defaultLanguage: 'en',
    languages: ['en'],
    ...values,
  };
}

/** A person as the administrators' user search lists them. */
export function person(name: string, email: string): AdminUser {
  return {
    id: id(),
    name,
    email,
    language: 'en',
    isSysAdmin: false,
    status: 'active',
    lastSignInAt: null,
    createdAt: '2026-01-05T08:00:00.000Z',
  };
}

export function group(name: string, memberCount = 12): GroupSummary {
  return { id: id(), name, memberCount, managedBy: 'portal' };
}

/** One page of a list, with its total in X-Total-Count. */
export function paged<T>(items: T[], total = items.length) {
  return { status: 200, body: items, headers: { 'X-Total-Count': String(total) } };
}

export function assignment(values: Partial<Assignment> = {}): Assignment {
  return {
    id: id(),
    courseId: id(),
    courseTitle: 'Fire safety',
    userIds: [],
    groupIds: [],
    mandatory: true,
    dueAt: null,
    dueInDays: null,
    recurEveryMonths: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    createdBy: null,
    ...values,
  };
}

export function completionRow(values: Partial<CompletionRow> = {}): CompletionRow {
  return {
    userId: id(),
    name: 'Anna Caflisch',
    email: 'anna@example.ch',
    courseId: id(),
    courseTitle: 'Fire safety',
    mandatory: true,
    status: 'not-started',
    assignedAt: '2026-11-02T09:00:00.000Z',
    dueAt: '2026-11-16T22:59:59.000Z',
    startedAt: null,
    completedAt: null,
    accountStatus: 'active',
    groups: [],
    scorePercent: null,
    attemptsUsed: null,
    passedAt: null,
    ...values,
  };
}
