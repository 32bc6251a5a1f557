import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';

const QUESTION = { title: 'Delete this course?', message: 'It cannot be undone.', cancelLabel: 'Cancel' };
const ACTION = { confirmLabel: 'Delete', busyLabel: 'Deleting…' };

/** A page with a button that opens the question, as the slices use it: mounted to ask, unmounted to close. */
function Page({ onConfirm }: { onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setAsking(true)}>
        Delete course
      </button>
      {asking && <ConfirmDialog {...QUESTION} {...ACTION} onConfirm={onConfirm} onCancel={() => setAsking(false)} />}
    </>
  );
}

describe('ConfirmDialog', () => {
  it('when it opens, then it is a named and described alertdialog with the focus on Cancel, and Tab stays inside', async () => {
    const user = userEvent.setup();
    render(<Page onConfirm={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Delete course' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Delete this course?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('It cannot be undone.');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
  });

  it('when Escape is pressed, then it cancels and the focus goes back to the button that opened it', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    render(<Page onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Delete course' });
    await user.click(opener);
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('when the action is confirmed, then it is called once', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    render(<Page onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete course' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('when the action runs, then both buttons are disabled, the confirm button says so and Escape does not cancel', async () => {
    const user = userEvent.setup();
    const onCancel = jest.fn();
    render(<ConfirmDialog {...QUESTION} {...ACTION} busy onConfirm={() => undefined} onCancel={onCancel} />);
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    const confirm = within(dialog).getByRole('button', { name: 'Deleting…' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    dialog.focus();
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('when there is no action, then it explains with a single Close button that keeps the focus', async () => {
    const user = userEvent.setup();
    const onCancel = jest.fn();
    render(<ConfirmDialog {...QUESTION} cancelLabel="Close" onCancel={onCancel} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this course?' });
    const close = within(dialog).getByRole('button');
    expect(close).toHaveAccessibleName('Close');
    expect(close).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.click(close);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('when it holds a form, then the form is inside the dialog and Tab goes through its fields', async () => {
    const user = userEvent.setup();
    render(
      <ConfirmDialog {...QUESTION} onCancel={() => undefined}>
        <label>
          E-mail <input type="email" />
        </label>
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this course?' });
    const field = within(dialog).getByLabelText('E-mail');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(field).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
  });
});
