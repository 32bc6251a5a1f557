import { describe, expect, it } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToastContainer, toast, usePageToasts } from './toast.ts';

/** A toast is gone, or leaving: jsdom never ends React-Toastify's exit animation. */
const closed = (text: string) => {
  const shown = screen.queryByText(text)?.closest('.Toastify__toast');
  return !shown || shown.getAttribute('data-in') === 'false';
};

// React-Toastify loads once per test file: the tests run in this order.
describe('the shared toasts', () => {
  it('when the page is drawn, then React-Toastify is not there; the first key press loads it and its container', async () => {
    const { container } = render(<ToastContainer aria-label="Notifications" />);
    expect(container).toBeEmptyDOMElement();

    fireEvent.keyDown(window, { key: 'Tab' });
    expect(await screen.findByRole('region', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('when toasts are asked for, then they show, an error one as an alert', async () => {
    render(<ToastContainer aria-label="Notifications" />);
    toast.error('The portal cannot be reached.');
    expect(await screen.findByRole('alert')).toHaveTextContent('The portal cannot be reached.');
    toast.success('Saved.');
    expect(await screen.findByText('Saved.')).toBeVisible();
  });

  it('when the same error is asked for again while it shows, then it shows once', async () => {
    render(<ToastContainer aria-label="Notifications" />);
    toast.error('Too many attempts.');
    toast.error('Too many attempts.');
    toast.error('Too many attempts.');
    expect(await screen.findByText('Too many attempts.')).toBeVisible();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getAllByText('Too many attempts.')).toHaveLength(1);
    act(() => toast.dismiss());
    await waitFor(() => expect(closed('Too many attempts.')).toBe(true));
  });

  it('when a success and an error toast show, then the success one runs its closing timer and the error one has none', async () => {
    render(<ToastContainer aria-label="Notifications" autoClose={100} />);
    toast.success('Course saved.');
    toast.error('The file could not be deleted.');
    // jsdom runs no CSS animation, whose end closes the toast: the timer's bar is what can be seen.
    const timerOf = async (text: string) =>
      (await screen.findByText(text)).closest('.Toastify__toast')?.querySelector('.Toastify__progress-bar--wrp');
    expect(await timerOf('Course saved.')).toHaveAttribute('data-hidden', 'false');
    expect(await timerOf('The file could not be deleted.')).toHaveAttribute('data-hidden', 'true');
    act(() => toast.dismiss());
    await waitFor(() => expect(closed('The file could not be deleted.')).toBe(true));
  });

  it('when the page that showed an error goes (another route, sign-out), then its toast closes and the others stay', async () => {
    function Page() {
      const pageToast = usePageToasts();
      return (
        <button type="button" onClick={() => pageToast.error('The course could not be deleted.')}>
          Delete
        </button>
      );
    }
    render(<ToastContainer aria-label="Notifications" />);
    const page = render(<Page />);
    toast.error('The portal cannot be reached.');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The course could not be deleted.')).toBeVisible();

    page.unmount();
    await waitFor(() => expect(closed('The course could not be deleted.')).toBe(true));
    expect(closed('The portal cannot be reached.')).toBe(false);
  });
});
