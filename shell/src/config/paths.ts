/** Every route of the portal, once. The remotes keep their own list of the routes they link to. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  register: { path: '/register', getHref: () => '/register' },
  requestReset: { path: '/request-reset', getHref: () => '/request-reset' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  logout: { path: '/logout', getHref: () => '/logout' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  course: { path: '/course/:courseId', getHref: (courseId: string) => `/course/${encodeURIComponent(courseId)}` },
  createCourse: { path: '/create-course', getHref: () => '/create-course' },
  editCourse: {
    path: '/edit-course/:courseId',
    getHref: (courseId: string) => `/edit-course/${encodeURIComponent(courseId)}`,
  },
  categories: { path: '/categories', getHref: () => '/categories' },
  account: { path: '/account', getHref: () => '/account' },
  verifyEmail: { path: '/verify-email', getHref: () => '/verify-email' },
  adminInvite: { path: '/admin/users/invite', getHref: () => '/admin/users/invite' },
  adminImport: { path: '/admin/users/import', getHref: () => '/admin/users/import' },
} as const;
