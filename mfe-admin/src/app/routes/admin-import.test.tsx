import '@portal/web-kit/testing/setup-i18n';
import { describe, expect, it } from '@jest/globals';
import type { ImportResult, ImportRow } from '@portal/contracts/onboarding';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { admin, fakeApi, type FakeRequest } from '../../../../jest/fake-api.ts';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import ImportUsersPage from './admin-import.tsx';

const row = (
  line: number,
  email: string,
  outcome: ImportRow['outcome'],
  errors: ImportRow['errors'] = [],
): ImportRow => ({
  line,
  email,
  name: 'Somebody',
  language: 'de',
  role: 'user',
  groups: ['Sales'],
  outcome,
  errors,
});

const result = (dryRun: boolean, rows: ImportRow[], invited = 0): ImportResult => ({
  dryRun,
  applied: !dryRun,
  rows,
  counts: {
    create: rows.filter((each) => each.outcome === 'create').length,
    update: rows.filter((each) => each.outcome === 'update').length,
    invalid: rows.filter((each) => each.outcome === 'invalid').length,
    invited,
  },
});

const file = () => new File(['email;name\nanna@example.ch;Anna'], 'people.csv', { type: 'text/csv' });

async function chooseAndCheck() {
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('CSV file'), file());
  await user.click(screen.getByRole('button', { name: 'Check file' }));
  return user;
}

describe('import page', () => {
  it('when an administrator follows Back to users, then the users list opens', async () => {
    renderPage(<ImportUsersPage session={fakeSession(admin)} />, {
      path: '/admin/users/import',
      urls: ['/admin/users/import'],
    });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to users' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users');
  });

  it('when the dry run finds a bad row, then the table names its error and there is nothing to confirm', async () => {
    const api = fakeApi({
      'POST /api/admin/users/import': {
        status: 200,
        body: result(true, [row(2, 'anna@example.ch', 'create'), row(3, 'not-an-email', 'invalid', ['email_invalid'])]),
      },
    });
    renderPage(<ImportUsersPage session={fakeSession(admin)} />, {
      path: '/admin/users/import',
      urls: ['/admin/users/import'],
    });
    await chooseAndCheck();
    expect(await screen.findByText('1 row has errors. Correct the file and check it again.')).toBeInTheDocument();
    const bad = screen.getByRole('row', { name: /not-an-email/ });
    expect(within(bad).getByText('Invalid e-mail address.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /anna@example.ch/ })).getByText('Will be created'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import these users' })).not.toBeInTheDocument();
    expect(api.calls('POST /api/admin/users/import')[0]?.search.get('dryRun')).toBe('true');
  });

  it('when the dry run is clean and the import confirmed, then the real run is sent with invitations and its counts shown', async () => {
    const rows = [row(2, 'anna@example.ch', 'create'), row(3, 'gian@example.ch', 'update')];
    const api = fakeApi({
      'POST /api/admin/users/import': ({ search }: FakeRequest) => ({
        status: 200,
        body: result(search.get('dryRun') === 'true', rows, search.get('invite') === 'true' ? 1 : 0),
      }),
    });
    renderPage(<ImportUsersPage session={fakeSession(admin)} />, {
      path: '/admin/users/import',
      urls: ['/admin/users/import'],
    });
    const user = await chooseAndCheck();
    expect(await screen.findByText('Ready: 1 new, 1 to update.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import these users' }));
    expect(await screen.findByText('Imported: 1 new, 1 updated, 1 invitation sent.')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /anna@example.ch/ })).getByText('Created')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /gian@example.ch/ })).getByText('Updated')).toBeInTheDocument();
    expect(screen.queryByText('Will be created')).not.toBeInTheDocument();
    expect(api.calls('POST /api/admin/users/import').map((call) => call.search.get('dryRun'))).toEqual([
      'true',
      'false',
    ]);
    expect(api.calls('POST /api/admin/users/import')[1]?.search.get('invite')).toBe('true');
  });
});
