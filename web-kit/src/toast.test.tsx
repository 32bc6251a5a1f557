import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { ToastContainer, toast } from './toast.ts';

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
});
