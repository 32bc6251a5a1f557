import { expect, PASSWORD, pathOf, resetLinkFor, test, uniqueEmail } from '../support/portal.ts';

test('when a new user registers, logs out, logs in again and resets the password, then every step lands where it should', async ({
  page,
}) => {
  const name = 'Journey Tester';
  const email = uniqueEmail('journey');
  const menu = () => page.getByRole('button', { name: `${name} – User menu` });

  await test.step('register from the start page', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Log in to get started' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Register here' }).click();
    const register = page.getByRole('button', { name: 'Register' });
    await expect(register).toBeDisabled();
    await page.getByLabel('Full name').fill(name);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await register.click();
    await expect(page.getByText('Registration successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${name}!` })).toBeVisible();
  });

  await test.step('stay signed in across a reload, then log out', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: `Welcome, ${name}!` })).toBeVisible();
    await menu().click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  });

  await test.step('a wrong password is refused, the right one signs in', async () => {
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText('E-mail or password is wrong.');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${name}!` })).toBeVisible();
    await menu().click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('request a reset link and set a new password with it', async () => {
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/request-reset$/);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    // Polite toasts are status messages too ("You have been logged out."): the page's own is meant.
    await expect(page.getByRole('main').getByRole('status')).toContainText(
      'If an account exists for this e-mail, we have sent a link',
    );

    await page.goto(pathOf(await resetLinkFor(email)));
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
    await page.getByLabel('New password', { exact: true }).fill('Harbour-Quiet-Meadow-7');
    await page.getByLabel('Confirm new password').fill('Harbour-Quiet-Meadow-8');
    await page.getByLabel('Confirm new password').blur();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await page.getByLabel('Confirm new password').fill('Harbour-Quiet-Meadow-7');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Your password has been changed. You can now log in with it.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('the old password no longer works, the new one does', async () => {
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText('E-mail or password is wrong.');
    await page.getByLabel('Password', { exact: true }).fill('Harbour-Quiet-Meadow-7');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { name: `Welcome, ${name}!` })).toBeVisible();
  });
});

test('when the reset page is opened without a token, then the login page follows', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page).toHaveURL(/\/login$/);
});
