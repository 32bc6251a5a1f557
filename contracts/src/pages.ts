import type { User } from './auth.ts';
import type { Language } from './languages.ts';
import type { RemoteName } from './portal-config.ts';

/**
 * The session the shell hands to every page a remote exposes, as its `session` prop: who is signed in, and how a
 * page signs someone in or out and switches the language through the shell. A slice running alone gives its own.
 */
export interface PortalSession {
  status: 'checking' | 'authenticated' | 'anonymous';
  user: User | null;
  /** After a successful login or registration: remembers the user and applies their stored language. */
  signIn: (user: User) => void;
  /** After the account was deleted: the shell forgets the user (and the guard leaves the protected page). */
  signOut: () => Promise<void>;
  /** Tells the server when someone is signed in, then switches the interface at once. */
  changeLanguage: (language: Language) => Promise<void>;
  /** The language a visitor picked on this device before signing in, which the login stores for the account. */
  languageChosenBeforeSignIn: () => Language | undefined;
}

/** The props of every page a remote exposes; `Uses` narrows the session to what the page reads. */
export interface PageProps<Uses extends keyof PortalSession = keyof PortalSession> {
  session: Pick<PortalSession, Uses>;
}

/**
 * Who a page is for: `signed-in` pages sit behind the shell's guard; `visitors` pages are open to everyone but made
 * for visitors (their remote is fetched early only for them); `everyone` pages are open to all.
 */
export type PageAudience = 'everyone' | 'visitors' | 'signed-in';

export interface Page {
  /** The router's pattern (`:name` for a parameter). */
  path: string;
  getHref: (...params: never[]) => string;
  audience: PageAudience;
  /** The remote and the module it exposes (its package `exports`) that draw the page; none for the shell's own. */
  remote?: RemoteName;
  exposed?: `./${string}`;
}

const withId = (prefix: string) => (id: string) => `${prefix}/${encodeURIComponent(id)}`;

/**
 * Every page of the portal, once: the shell's router and early requests and the slices' links read it. A new page
 * is one entry here (and its module in the remote's package `exports`).
 */
export const pages = {
  home: { path: '/', getHref: () => '/', audience: 'everyone' },
  login: { path: '/login', getHref: () => '/login', audience: 'visitors', remote: 'auth', exposed: './LoginPage' },
  register: {
    path: '/register',
    getHref: () => '/register',
    audience: 'visitors',
    remote: 'auth',
    exposed: './RegisterPage',
  },
  requestReset: {
    path: '/request-reset',
    getHref: () => '/request-reset',
    audience: 'visitors',
    remote: 'auth',
    exposed: './RequestResetPage',
  },
  resetPassword: {
    path: '/reset-password',
    getHref: () => '/reset-password',
    audience: 'visitors',
    remote: 'auth',
    exposed: './ResetPasswordPage',
  },
  verifyEmail: {
    path: '/verify-email',
    getHref: () => '/verify-email',
    audience: 'everyone',
    remote: 'auth',
    exposed: './VerifyEmailPage',
  },
  logout: { path: '/logout', getHref: () => '/logout', audience: 'everyone' },
  /** Every administration page, for system administrators. */
  administration: {
    path: '/admin',
    getHref: () => '/admin',
    audience: 'signed-in',
    remote: 'admin',
    exposed: './AdminHubPage',
  },
  dashboard: {
    path: '/dashboard',
    /** `drafts`: the dashboard's drafts, where a course saved as a draft is found (administrators only). */
    getHref: (view?: 'drafts') => (view ? `/dashboard?view=${view}` : '/dashboard'),
    audience: 'signed-in',
    remote: 'courses',
    exposed: './DashboardPage',
  },
  course: {
    path: '/course/:courseId',
    getHref: withId('/course'),
    audience: 'signed-in',
    remote: 'courses',
    exposed: './CourseDetailsPage',
  },
  categories: {
    path: '/categories',
    getHref: () => '/categories',
    audience: 'signed-in',
    remote: 'admin',
    exposed: './CategoriesPage',
  },
  createCourse: {
    path: '/create-course',
    getHref: () => '/create-course',
    audience: 'signed-in',
    remote: 'editor',
    exposed: './CourseFormPage',
  },
  editCourse: {
    path: '/edit-course/:courseId',
    getHref: withId('/edit-course'),
    audience: 'signed-in',
    remote: 'editor',
    exposed: './CourseFormPage',
  },
  /** A course's lessons in order, written and reordered there (system administrators). */
  courseLessons: {
    path: '/courses/:courseId/lessons',
    getHref: (courseId: string) => `/courses/${encodeURIComponent(courseId)}/lessons`,
    audience: 'signed-in',
    remote: 'editor',
    exposed: './LessonsPage',
  },
  /** A course's question bank, its GIFT import and export (system administrators). */
  courseQuestions: {
    path: '/courses/:courseId/questions',
    getHref: (courseId: string) => `/courses/${encodeURIComponent(courseId)}/questions`,
    audience: 'signed-in',
    remote: 'editor',
    exposed: './QuestionBankPage',
  },
  account: {
    path: '/account',
    getHref: () => '/account',
    audience: 'signed-in',
    remote: 'auth',
    exposed: './AccountPage',
  },
  adminUsers: {
    path: '/admin/users',
    getHref: () => '/admin/users',
    audience: 'signed-in',
    remote: 'admin',
    exposed: './AdminUsersPage',
  },
  adminScim: {
    path: '/admin/scim',
    getHref: () => '/admin/scim',
    audience: 'signed-in',
    remote: 'admin',
    exposed: './AdminScimPage',
  },
  adminSso: {
    path: '/admin/sso',
    getHref: () => '/admin/sso',
    audience: 'signed-in',
    remote: 'admin',
    exposed: './AdminSsoPage',
  },
  adminInvite: {
    path: '/admin/users/invite',
    getHref: () => '/admin/users/invite',
    audience: 'signed-in',
    remote: 'admin',
    exposed: './InviteUserPage',
  },
  adminImport: {
    path: '/admin/users/import',
    getHref: () => '/admin/users/import',
    audience: 'signed-in',
    remote: 'admin',
    exposed: './ImportUsersPage',
  },
  adminReviews: {
    path: '/admin/reviews',
    getHref: () => '/admin/reviews',
    audience: 'signed-in',
    remote: 'admin',
    exposed: './AdminReviewsPage',
  },
  adminGroups: {
    path: '/admin/groups',
    getHref: () => '/admin/groups',
    audience: 'signed-in',
    remote: 'admin',
    exposed: './AdminGroupsPage',
  },
  adminAudit: {
    path: '/admin/audit',
    getHref: () => '/admin/audit',
    audience: 'signed-in',
    remote: 'admin',
    exposed: './AdminAuditPage',
  },
  adminAssignments: {
    path: '/admin/assignments',
    getHref: () => '/admin/assignments',
    audience: 'signed-in',
    remote: 'admin',
    exposed: './AdminAssignmentsPage',
  },
  adminReports: {
    path: '/admin/reports',
    getHref: () => '/admin/reports',
    audience: 'signed-in',
    remote: 'admin',
    exposed: './AdminReportsPage',
  },
  /** A quiz lesson's item analysis and the people who used every attempt without passing (system administrators). */
  adminQuizReport: {
    path: '/admin/quizzes/:lessonId',
    getHref: (lessonId: string) => `/admin/quizzes/${encodeURIComponent(lessonId)}`,
    audience: 'signed-in',
    remote: 'admin',
    exposed: './AdminQuizReportPage',
  },
} as const satisfies Record<string, Page>;

export type PageName = keyof typeof pages;

/** Whether `pathname` is an address of the pattern `path` (`:name` matches one segment). */
function matches(path: string, pathname: string): boolean {
  const expected = path.split('/');
  const actual = (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname).split('/');
  return (
    expected.length === actual.length &&
    expected.every((segment, index) => (segment.startsWith(':') ? actual[index] !== '' : segment === actual[index]))
  );
}

/** The page at `pathname`, as the router matches it (a trailing slash aside). */
export function pageAt(pathname: string): Page | undefined {
  return Object.values<Page>(pages).find((page) => matches(page.path, pathname));
}
