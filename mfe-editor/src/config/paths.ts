/** The routes this slice shows or links to; the shell owns the router and the complete list. */
export const paths = {
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  /** The dashboard's drafts, where a course saved as a draft is found (administrators only). */
  drafts: { path: '/dashboard', getHref: () => '/dashboard?view=drafts' },
  createCourse: { path: '/create-course', getHref: () => '/create-course' },
  editCourse: {
    path: '/edit-course/:courseId',
    getHref: (courseId: string) => `/edit-course/${encodeURIComponent(courseId)}`,
  },
} as const;
