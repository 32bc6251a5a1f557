import '@portal/web-kit/testing/setup-i18n';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { admin, anna, apiError, fakeApi, type FakeRequest } from '../../../../jest/fake-api.ts';
import { queryClient } from '../../lib/queries.ts';
import { leadership, onboarding, security } from '../../testing/fixtures.ts';
import CategoriesPage from './admin-categories.tsx';

type Routes = Parameters<typeof fakeApi>[0];

/** Onboarding is used by two courses, the others by none. */
const named = (category: { id: string; name: string }) => ({
  ...category,
  names: { en: category.name },
  defaultLanguage: 'en' as const,
});
const usage = [
  { ...named(security), courseCount: 0 },
  { ...named(onboarding), names: { en: 'Onboarding', de: 'Einführung' }, courseCount: 2 },
  { ...named(leadership), courseCount: 0 },
];

async function openCategories(routes: Routes = {}) {
  const api = fakeApi({ 'GET /api/categories/usage': { status: 200, body: usage }, ...routes });
  renderPage(<CategoriesPage session={fakeSession(admin)} />, { path: '/categories', urls: ['/categories'] });
  await screen.findByRole('list', { name: 'All categories' });
  return { api, user: userEvent.setup() };
}

const names = () =>
  within(screen.getByRole('list', { name: 'All categories' }))
    .getAllByRole('listitem')
    .map((row) => row.firstChild?.firstChild?.textContent);
const group = (name: string) => screen.getByRole('group', { name });
const nameField = (language = 'English (default)') =>
  within(group('New category')).getByRole('textbox', { name: language });
const addButton = () => screen.getByRole('button', { name: 'Add category' });
const created = (request: FakeRequest) => ({
  status: 201,
  body: { id: '3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b', name: (request.body as { names: { en: string } }).names.en },
});

describe('categories page', () => {
  afterEach(() => {
    queryClient.clear();
    jest.restoreAllMocks();
  });

  it('when an employee opens it, then a translated "not allowed" message is shown and nothing is asked of the server', () => {
    const api = fakeApi({});
    renderPage(<CategoriesPage session={fakeSession(anna)} />, { path: '/categories', urls: ['/categories'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Categories' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Only system administrators may manage categories.');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it('when an administrator opens it, then the categories are listed alphabetically with rename and delete buttons', async () => {
    await openCategories();
    expect(names()).toEqual(['Information security', 'Leadership', 'Onboarding']);
    expect(screen.getByRole('button', { name: 'Rename “Leadership”' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete “Leadership”' })).toBeInTheDocument();
  });

  it('when a new name is added, then the server gets it trimmed, the list shows it in its place and the field is emptied', async () => {
    const { api, user } = await openCategories({ 'POST /api/categories': created });
    await user.type(nameField(), '  Languages ');
    await user.click(addButton());

    expect(await screen.findByText('The category “Languages” has been added.')).toBeInTheDocument();
    expect(api.calls('POST /api/categories')[0]?.body).toEqual({ names: { en: 'Languages' }, defaultLanguage: 'en' });
    expect(names()).toEqual(['Information security', 'Languages', 'Leadership', 'Onboarding']);
    expect(nameField()).toHaveValue('');
  });

  it.each([
    ['an empty name', '   ', 'Please enter a name.'],
    ['a name of 61 characters', 'x'.repeat(61), 'The name may have at most 60 characters.'],
  ])('when %s is added, then the field says why and nothing is sent', async (_, name, message) => {
    const { api, user } = await openCategories({ 'POST /api/categories': created });
    await user.type(nameField(), name);
    await user.click(addButton());

    expect(nameField()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /api/categories')).toHaveLength(0);
  });

  it('when the name is taken (409), then the field says a category with this name exists', async () => {
    const { user } = await openCategories({ 'POST /api/categories': apiError(409, 'category_name_taken') });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.type(nameField(), 'onboarding');
    await user.click(addButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('A category with this name already exists.');
    expect(names()).toHaveLength(3);
  });

  it('when the server finds the name invalid, then its rule is named in the reader’s language', async () => {
    const { user } = await openCategories({
      'POST /api/categories': apiError(400, 'validation_failed', [{ path: 'name', code: 'category_name_too_long' }]),
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.type(nameField(), 'Languages');
    await user.click(addButton());
    expect(await screen.findByText('The name may have at most 60 characters.')).toBeInTheDocument();
  });

  it('when a category is renamed in place, then the server gets the new name for its id and the row shows it', async () => {
    const { api, user } = await openCategories({
      'PATCH /api/categories': (request) => ({
        status: 200,
        body: { id: request.search.get('id'), name: 'Welcome days' },
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Rename “Onboarding”' }));
    const field = within(group('New name for “Onboarding”')).getByRole('textbox', { name: 'English (default)' });
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Onboarding');
    expect(within(group('New name for “Onboarding”')).getByRole('textbox', { name: 'German' })).toHaveValue(
      'Einführung',
    );

    await user.clear(field);
    await user.type(field, 'Welcome days{Enter}');
    expect(await screen.findByText('The category is now called “Welcome days”.')).toBeInTheDocument();
    const call = api.calls('PATCH /api/categories')[0];
    expect(call?.search.get('id')).toBe(onboarding.id);
    expect(call?.body).toEqual({ names: { en: 'Welcome days', de: 'Einführung' }, defaultLanguage: 'en' });
    expect(names()).toEqual(['Information security', 'Leadership', 'Welcome days']);
    expect(screen.getByRole('button', { name: 'Rename “Welcome days”' })).toHaveFocus();
  });

  it('when a rename clashes with another name, then the field says so, and Escape leaves the old name', async () => {
    const { user } = await openCategories({ 'PATCH /api/categories': apiError(409, 'category_name_taken') });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Rename “Onboarding”' }));
    const field = within(group('New name for “Onboarding”')).getByRole('textbox', { name: 'English (default)' });
    await user.clear(field);
    await user.type(field, 'Leadership{Enter}');

    expect(await screen.findByText('A category with this name already exists.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'New name for “Onboarding”' })).not.toBeInTheDocument();
    expect(names()).toEqual(['Information security', 'Leadership', 'Onboarding']);
  });

  it('when a deletion is confirmed, then the server deletes that id and the row goes', async () => {
    const { api, user } = await openCategories({
      'DELETE /api/categories': { status: 200, body: { message: 'Category deleted' } },
    });
    await user.click(screen.getByRole('button', { name: 'Delete “Leadership”' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this category?' });
    expect(dialog).toHaveAccessibleDescription('The category “Leadership” will be deleted. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('The category “Leadership” has been deleted.')).toBeInTheDocument();
    expect(api.calls('DELETE /api/categories')[0]?.search.get('id')).toBe(leadership.id);
    expect(names()).toEqual(['Information security', 'Onboarding']);
  });

  it('when the list loads, then each category says how many courses use it', async () => {
    await openCategories();
    const row = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
    expect(within(row('Onboarding')).getByText('Used by 2 courses')).toBeInTheDocument();
    expect(within(row('Leadership')).getByText('Not used by any course')).toBeInTheDocument();
  });

  it('when a category in use is to be deleted, then the dialog explains why it cannot be, and nothing is sent', async () => {
    const { api, user } = await openCategories();
    await user.click(screen.getByRole('button', { name: 'Delete “Onboarding”' }));
    const dialog = screen.getByRole('alertdialog', { name: 'This category cannot be deleted' });
    expect(dialog).toHaveAccessibleDescription(
      '“Onboarding” is used by 2 courses. Remove the category from these courses first, then delete it.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls('DELETE /api/categories')).toHaveLength(0);
  });

  it('when a course took the category meanwhile (400 category_in_use), then a toast says so and the row stays', async () => {
    const { user } = await openCategories({ 'DELETE /api/categories': apiError(400, 'category_in_use') });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Delete “Leadership”' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    expect(
      await screen.findByText('This category is still used by courses. Remove it from those courses first.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(names()).toEqual(['Information security', 'Leadership', 'Onboarding']);
  });

  it('when the server refuses the caller (403), then the toast says they are not allowed', async () => {
    const { user } = await openCategories({ 'DELETE /api/categories': apiError(403, 'forbidden') });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Delete “Leadership”' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You are not allowed to do this.')).toBeInTheDocument();
  });

  it('when a category is named in several languages with another default, then the server gets every name and that default, and empty languages are left out', async () => {
    const { api, user } = await openCategories({
      'POST /api/categories': { status: 201, body: { id: '3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b', name: 'Segirezza' } },
    });
    await user.selectOptions(
      within(group('New category')).getByRole('combobox', { name: 'Default language' }),
      'Romansh',
    );
    expect(nameField('Romansh (default)')).toHaveAttribute('lang', 'rm');
    expect(nameField('Romansh (default)')).toBeRequired();
    await user.type(nameField('French'), 'Sécurité');
    await user.click(addButton());
    expect(nameField('Romansh (default)')).toHaveAccessibleDescription('Please enter a name.');
    expect(api.calls('POST /api/categories')).toHaveLength(0);

    await user.type(nameField('Romansh (default)'), 'Segirezza');
    await user.click(addButton());
    expect(await screen.findByText('The category “Segirezza” has been added.')).toBeInTheDocument();
    expect(api.calls('POST /api/categories')[0]?.body).toEqual({
      names: { fr: 'Sécurité', rm: 'Segirezza' },
      defaultLanguage: 'rm',
    });
    expect(nameField('French')).toHaveValue('');
  });

  it('when a name in another language is too long, then that field says why and nothing is sent', async () => {
    const { api, user } = await openCategories();
    await user.type(nameField(), 'Security');
    await user.type(nameField('Italian'), 'x'.repeat(61));
    await user.click(addButton());
    expect(nameField('Italian')).toHaveAccessibleDescription('The name may have at most 60 characters.');
    expect(nameField()).not.toHaveAttribute('aria-invalid');
    expect(api.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });
});
