import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/**
 * One cache for the people administration pages (users, invitations, import, groups), with the retry policy of
 * mfe-courses: a failed request is shown, not retried; offline a request is sent all the same, so that the page
 * says the portal cannot be reached instead of waiting.
 */
export const adminQueryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
    mutations: { networkMode: 'always' },
  },
});

/** A page inside the administration cache (the shell knows nothing of it). */
export function withAdminQueries<Props extends object>(Page: ComponentType<Props>) {
  return function WithAdminQueries(props: Props) {
    return (
      <QueryClientProvider client={adminQueryClient}>
        <Page {...props} />
      </QueryClientProvider>
    );
  };
}
