import '@portal/web-kit/testing/setup-i18n';
import { describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useTranslation } from './react-i18next.ts';

const NAMESPACE = 'late-texts';

function Greeting() {
  const { t } = useTranslation(NAMESPACE);
  return <h1>{t('greeting')}</h1>;
}

/**
 * Adds the French texts while React renders, after the greeting rendered and before it subscribes: what a language's
 * chunk does when it lands while a busy device is still rendering the page.
 */
function FrenchTextsArriving() {
  if (!i18next.hasResourceBundle('fr', NAMESPACE))
    i18next.addResourceBundle('fr', NAMESPACE, { greeting: 'Bonjour' }, true, true);
  return null;
}

describe('the shared useTranslation', () => {
  it('when a language is picked and its texts arrive between the render and the subscription, then they show', async () => {
    i18next.addResourceBundle('en', NAMESPACE, { greeting: 'Hello' }, true, true);
    await i18next.changeLanguage('fr');

    render(
      <>
        <Greeting />
        <FrenchTextsArriving />
      </>,
    );

    expect(await screen.findByRole('heading', { name: 'Bonjour' })).toBeInTheDocument();
  });

  it('when texts arrive after the subscription, then they show too', async () => {
    i18next.addResourceBundle('en', NAMESPACE, { greeting: 'Hello' }, true, true);
    await i18next.changeLanguage('de');
    render(<Greeting />);
    expect(screen.getByRole('heading')).toHaveTextContent('Hello');

    act(() => {
      i18next.addResourceBundle('de', NAMESPACE, { greeting: 'Guten Tag' }, true, true);
    });

    expect(await screen.findByRole('heading', { name: 'Guten Tag' })).toBeInTheDocument();
  });
});
