import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';

/**
 * The settings pages' (SSO, SCIM, audit) one retry policy, mfe-courses' own: a failed request is shown, not
 * retried; offline, a request is sent all the same, so that the page says the portal cannot be reached.
 */
const newQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { networkMode: 'always' },
    },
  });

/** An exposed page inside a query cache of its own, read fresh each time the page is opened. */
export function withQueries<Props extends object>(Page: ComponentType<Props>) {
  return function WithQueries(props: Props) {
    const [queryClient] = useState(newQueryClient);
    return (
      <QueryClientProvider client={queryClient}>
        <Page {...props} />
      </QueryClientProvider>
    );
  };
}
