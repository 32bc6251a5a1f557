/** The routes this slice shows or links to; the shell owns the router and the complete list. */
export const paths = {
  login: { path: '/login', getHref: () => '/login' },
  register: { path: '/register', getHref: () => '/register' },
  requestReset: { path: '/request-reset', getHref: () => '/request-reset' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  account: { path: '/account', getHref: () => '/account' },
  verifyEmail: { path: '/verify-email', getHref: () => '/verify-email' },
  adminUsers: { path: '/admin/users', getHref: () => '/admin/users' },
  adminInvite: { path: '/admin/users/invite', getHref: () => '/admin/users/invite' },
  adminImport: { path: '/admin/users/import', getHref: () => '/admin/users/import' },
} as const;
