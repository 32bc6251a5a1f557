import { SSO_TEST_CHANNEL } from '@portal/contracts/sso-settings';
import { useEffect } from 'react';
import { FormAlert } from '@portal/web-kit/form-alert';
import { useFailureText } from '@portal/web-kit/failure-text';
import { DIRECTORY_NAMESPACES, useDirectoryTranslation } from '../../../lib/directory-i18n.ts';
import { useSsoTestResult } from '../sso-queries.ts';
import { SsoTestResultView } from './sso-test-result.tsx';

/**
 * Where the popup of a test comes back: it tells the page that opened it (which shows the result) and closes;
 * where it stays open (or the test ran without a popup), it shows the result itself.
 */
export function SsoTestDone() {
  const { t } = useDirectoryTranslation();
  const failureText = useFailureText(DIRECTORY_NAMESPACES);
  const result = useSsoTestResult(1);

  useEffect(() => {
    const channel = new BroadcastChannel(SSO_TEST_CHANNEL);
    channel.postMessage('done');
    channel.close();
    // The portal's pages send COOP same-origin: back from the provider, the popup has no opener to ask, so it tries
    // to close, and shows the result itself where the browser keeps it open.
    window.close();
  }, []);

  if (result.error) return <FormAlert message={failureText(result.error, 'sso.testFailed')} />;
  return result.data ? <SsoTestResultView result={result.data} /> : <p role="status">{t('sso.loading')}</p>;
}
