import { expect, PASSWORD, registerByApi, test } from '../support/portal.ts';

test('when a visitor switches the login page to FR, DE and RM, then it changes at once, <html lang> follows and the choice survives a reload', async ({
  page,
}) => {
  await page.goto('/login');
  for (const [button, heading, lang] of [
    ['FR – Français', 'Connexion', 'fr'],
    ['DE – Deutsch', 'Anmelden', 'de'],
    ['RM – Rumantsch', 'S’annunziar', 'rm'],
  ] as const) {
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
  }
  await expect(page.getByRole('contentinfo')).toContainText('Decleraziun da protecziun da datas');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('S’annunziar');
  await expect(page.getByLabel('Adressa dad e-mail', { exact: true })).toBeVisible();
});

test('when a signed-in user picks Italian in the user menu, then the server keeps it and the next login elsewhere is in Italian', async ({
  page,
  browser,
  baseURL,
}) => {
  const { email } = await registerByApi(page, 'Lingua Tester', 'en');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Lingua Tester – User menu' }).hover();
  await page.getByRole('button', { name: 'IT – Italiano' }).click();
  await expect(page.getByRole('heading', { name: 'Ti diamo il benvenuto, Lingua Tester!' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');

  const elsewhere = await browser.newContext({ baseURL, locale: 'de-CH' });
  const other = await elsewhere.newPage();
  await other.goto('/login');
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Anmelden');
  await other.getByLabel('E-Mail-Adresse', { exact: true }).fill(email);
  await other.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await other.getByRole('button', { name: 'Anmelden' }).click();
  await expect(other.getByRole('heading', { name: 'Ti diamo il benvenuto, Lingua Tester!' })).toBeVisible();
  await expect(other.locator('html')).toHaveAttribute('lang', 'it');
  await elsewhere.close();
});

test('when the user menu is used with the keyboard, then it opens, its buttons are reachable and Escape closes it', async ({
  page,
}) => {
  await registerByApi(page, 'Keyboard User');
  await page.goto('/dashboard');
  const menu = page.getByRole('button', { name: 'Keyboard User – User menu' });
  await menu.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('button', { name: 'EN – English' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'DE – Deutsch' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Willkommen, Keyboard User!' })).toBeVisible();
  await page.keyboard.press('Escape');
  const menuInGerman = page.getByRole('button', { name: 'Keyboard User – Benutzermenü' });
  await expect(menuInGerman).toHaveAttribute('aria-expanded', 'false');
  await expect(menuInGerman).toBeFocused();
});
