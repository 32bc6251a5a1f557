/** The routes this slice shows or links to; the shell owns the router and the complete list. */
export const paths = {
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  course: { path: '/course/:courseId', getHref: (courseId: string) => `/course/${encodeURIComponent(courseId)}` },
  editCourse: {
    path: '/edit-course/:courseId',
    getHref: (courseId: string) => `/edit-course/${encodeURIComponent(courseId)}`,
  },
  categories: { path: '/categories', getHref: () => '/categories' },
} as const;
