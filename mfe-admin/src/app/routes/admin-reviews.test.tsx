import '@portal/web-kit/testing/setup-i18n';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { ResultForReview } from '@portal/contracts/course-results';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { admin, anna, apiError, fakeApi } from '../../../../jest/fake-api.ts';
import { queryClient } from '../../lib/queries.ts';
import AdminReviewsPage from './admin-reviews.tsx';

type Routes = Parameters<typeof fakeApi>[0];

const certificate: ResultForReview = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  courseId: 'c0ffee00-0000-4000-8000-000000000001',
  userId: anna.id,
  fileName: 'Certificate fire safety.pdf',
  fileType: 'application/pdf',
  fileSize: 1_572_864,
  status: 'pending',
  uploadedAt: '2026-11-22T09:00:00.000Z',
  reviewedAt: null,
  reviewComment: null,
  courseTitle: 'Fire safety',
  person: { name: 'Anna Muster', email: 'anna@example.com' },
};

function openReviews(routes: Routes, user = admin) {
  const api = fakeApi(routes);
  renderPage(<AdminReviewsPage session={fakeSession(user)} />, { path: '/admin/reviews', urls: ['/admin/reviews'] });
  return { api, user: userEvent.setup() };
}

/** The pending list answers `first` the first time and `then` afterwards (after a decision). */
const pendingList = (first: ResultForReview[], then: ResultForReview[] = []) => {
  let asked = 0;
  return () => {
    asked += 1;
    const items = asked === 1 ? first : then;
    return { status: 200, body: items, headers: { 'X-Total-Count': String(items.length) } };
  };
};

describe('results to review page', () => {
  afterEach(() => {
    queryClient.clear();
    jest.restoreAllMocks();
  });

  it('when an employee opens it, then a translated "not allowed" message is shown and nothing is asked of the server', () => {
    const { api } = openReviews({}, anna);
    expect(screen.getByRole('heading', { level: 1, name: 'Results to review' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Only system administrators can review results.');
    expect(api.requests).toEqual([]);
  });

  it('when an administrator opens it, then the pending results show their course, person, upload time and file', async () => {
    const { api } = openReviews({ 'GET /api/courses/results': pendingList([certificate]) });
    const list = await screen.findByRole('list', { name: 'Uploaded results' });
    const row = within(list).getByRole('listitem');
    expect(within(row).getByRole('link', { name: 'Fire safety' })).toHaveAttribute(
      'href',
      `/course/${certificate.courseId}`,
    );
    expect(within(row).getByText('Anna Muster (anna@example.com)')).toBeInTheDocument();
    expect(within(row).getByText(/^Nov 22, 2026, /)).toBeInTheDocument();
    const file = within(row).getByRole('link', { name: 'Certificate fire safety.pdf' });
    expect(file).toHaveAttribute('href', `/api/courses/results/${certificate.id}/file`);
    expect(file).toHaveAttribute('target', '_blank');
    expect(api.calls('GET /api/courses/results')[0]?.search.get('status')).toBe('pending');
  });

  it('when a result is approved, then the decision is sent, the list is asked again and a message confirms it', async () => {
    const { api, user } = openReviews({
      'GET /api/courses/results': pendingList([certificate]),
      [`POST /api/courses/results/${certificate.id}/review`]: {
        status: 200,
        body: { ...certificate, status: 'approved', reviewedAt: '2026-11-23T08:00:00.000Z' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Approved: the course is recorded as completed.')).toBeInTheDocument();
    expect(api.calls(`POST /api/courses/results/${certificate.id}/review`)[0]?.body).toEqual({ decision: 'approve' });
    expect(await screen.findByText('No results are waiting for review.')).toBeInTheDocument();
  });

  it('when a result is rejected, then a comment is required and sent with the decision', async () => {
    const { api, user } = openReviews({
      'GET /api/courses/results': pendingList([certificate]),
      [`POST /api/courses/results/${certificate.id}/review`]: {
        status: 200,
        body: { ...certificate, status: 'rejected', reviewComment: 'Unreadable' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Reject…' }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const comment = screen.getByRole('textbox', { name: 'Why is it rejected? The learner reads this.' });
    expect(comment).toHaveAccessibleDescription('Please say why, so that the learner knows what to upload.');
    expect(api.calls(`POST /api/courses/results/${certificate.id}/review`)).toHaveLength(0);

    await user.type(comment, 'The scan is unreadable');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Rejected: the learner is asked to upload again.')).toBeInTheDocument();
    expect(api.calls(`POST /api/courses/results/${certificate.id}/review`)[0]?.body).toEqual({
      decision: 'reject',
      comment: 'The scan is unreadable',
    });
  });

  it('when someone else decided first, then a translated message says so', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = openReviews({
      'GET /api/courses/results': pendingList([certificate], [certificate]),
      [`POST /api/courses/results/${certificate.id}/review`]: apiError(409, 'result_not_pending'),
    });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Someone else has reviewed this result already.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled());
  });

  it('when the rejected results are shown, then each says its decision and comment, without buttons', async () => {
    const rejected = { ...certificate, status: 'rejected' as const, reviewComment: 'Wrong course' };
    const { api, user } = openReviews({
      'GET /api/courses/results': (request) => ({
        status: 200,
        body: request.search.get('status') === 'rejected' ? [rejected] : [],
        headers: { 'X-Total-Count': '1' },
      }),
    });
    await screen.findByText('No results are waiting for review.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Rejected');
    expect(await screen.findByText('Wrong course')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(api.calls('GET /api/courses/results').at(-1)?.search.get('status')).toBe('rejected');
  });
});
