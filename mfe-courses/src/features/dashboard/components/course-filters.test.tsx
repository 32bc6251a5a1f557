import '@portal/web-kit/testing/setup-i18n';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import type { DashboardFilter } from '../lib/dashboard-query.ts';
import { CourseFilters, SEARCH_DELAY_MS } from './course-filters.tsx';

const start: DashboardFilter = { q: '', categoryId: '', inMyLanguage: false, page: 1, view: 'published' };

/**
 * The filters over a URL that follows each change `urlDelay` ms late, as the router does while a page of results
 * is drawn; `searches` records every search sent.
 */
function renderFilters(urlDelay: number) {
  const searches: string[] = [];
  let clear: () => void = () => undefined;
  function Harness() {
    const [filter, setFilter] = useState(start);
    clear = () => setFilter(start);
    return (
      <CourseFilters
        filter={filter}
        categories={[]}
        isAdmin={false}
        onChange={(change) => {
          if (change.q !== undefined) searches.push(change.q);
          setTimeout(() => setFilter((current) => ({ ...current, ...change })), urlDelay);
        }}
      />
    );
  }
  render(<Harness />);
  return { searches, clear: () => act(clear) };
}

const searchbox = () => screen.getByRole('searchbox', { name: 'Search courses' });

describe('the dashboard search field', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it.each([
    ['three keys a second', 333, 300],
    ['a key every 400 ms, so that each letter is sent', 400, 300],
    ['fast typing', 30, 300],
    ['slow typing with a slower URL', 1000, 1500],
  ])(
    'when "fire safety basics" is typed at %s while the URL follows late, then the field holds exactly what was typed and the last search is all of it',
    async (_speed, keyDelay, urlDelay) => {
      const { searches } = renderFilters(urlDelay);
      const user = userEvent.setup({ delay: keyDelay, advanceTimers: (ms) => jest.advanceTimersByTime(ms) });

      await user.type(searchbox(), 'fire safety basics');
      expect(searchbox()).toHaveValue('fire safety basics');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(SEARCH_DELAY_MS + urlDelay);
      });

      expect(searchbox()).toHaveValue('fire safety basics');
      expect(searches.at(-1)).toBe('fire safety basics');
    },
  );

  it('when the filter is cleared from outside while a search waits, then the field follows and the waiting search is dropped', async () => {
    const { searches, clear } = renderFilters(0);
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await user.type(searchbox(), 'fire');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(SEARCH_DELAY_MS + 10);
    });
    expect(searches).toEqual(['fire']);

    await user.type(searchbox(), ' safety');
    clear();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(SEARCH_DELAY_MS + 10);
    });
    expect(searchbox()).toHaveValue('');
    expect(searches).toEqual(['fire']);
  });
});
