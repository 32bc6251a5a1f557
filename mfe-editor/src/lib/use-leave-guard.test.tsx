import { describe, expect, it } from '@jest/globals';
import { renderPage } from '@portal/web-kit/testing/render';
import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Link, useNavigate } from 'react-router-dom';
import { useLeaveGuard } from './use-leave-guard.ts';

/** The hook as the course form uses it: a dialog while asking, and a save that leaves on purpose. */
function Form({ dirty }: { dirty: boolean }) {
  const guard = useLeaveGuard(dirty);
  const navigate = useNavigate();
  return (
    <>
      <Link to="/dashboard">Overview</Link>
      <button
        type="button"
        onClick={() => {
          guard.leaveOnPurpose();
          void navigate('/dashboard');
        }}
      >
        Save
      </button>
      {guard.asking && (
        <div role="alertdialog" aria-label="Leave without saving?">
          <button type="button" onClick={guard.stay}>
            Stay
          </button>
          <button type="button" onClick={guard.leave}>
            Leave
          </button>
        </div>
      )}
    </>
  );
}

const open = (dirty: boolean) =>
  renderPage(<Form dirty={dirty} />, { path: '/create-course', urls: ['/dashboard', '/create-course'] });
const location = () => screen.getByTestId('location').textContent;
const question = () => screen.queryByRole('alertdialog', { name: 'Leave without saving?' });

describe('useLeaveGuard', () => {
  it('when the form has unsaved changes, then a link, Back and code are held until the user answers', async () => {
    const page = open(true);
    const user = userEvent.setup();

    await user.click(screen.getByRole('link', { name: 'Overview' }));
    expect(question()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(question()).not.toBeInTheDocument();
    expect(location()).toBe('/create-course');

    await act(async () => {
      await page.navigate(-1);
    });
    expect(question()).toBeInTheDocument();
    expect(location()).toBe('/create-course');
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('when the page leaves on purpose (after a save), then its own navigation passes without asking', async () => {
    open(true);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(question()).not.toBeInTheDocument();
  });

  it('when the form has no unsaved changes, then nothing is held', async () => {
    open(false);
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Overview' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(question()).not.toBeInTheDocument();
  });
});
