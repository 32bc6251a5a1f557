import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/**
 * A slice's one query cache, with the portal's one retry policy: a page shows at once what was loaded while it is
 * asked again (the server answers 304 when unchanged). A failed request is shown, not retried; offline, a request is
 * sent all the same, so that the page says the portal cannot be reached instead of waiting.
 */
export function createSliceQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { networkMode: 'always' },
    },
  });
}

/** Each page a slice exposes, inside that slice's query cache (the shell knows nothing of it). */
export function inQueryCache(client: QueryClient) {
  return function withQueries<Props extends object>(Page: ComponentType<Props>) {
    return function WithQueries(props: Props) {
      return (
        <QueryClientProvider client={client}>
          <Page {...props} />
        </QueryClientProvider>
      );
    };
  };
}
