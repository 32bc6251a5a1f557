import { api } from '@portal/contracts/api-client';
import { SSO_CALLS, SSO_TEST_CHANNEL, type SsoTestResult } from '@portal/contracts/sso-settings';
import { useEffect, useState } from 'react';
import { FormAlert } from '../../../components/form-alert.tsx';
import { useFailureText } from '../../../lib/failure-text.ts';
import { ADMIN_NAMESPACE, useAdminTranslation } from '../../../lib/admin-i18n.ts';
import { SsoTestResultView } from './sso-test-result.tsx';

/**
 * Where the popup of a test comes back: it tells the page that opened it (which shows the result) and closes;
 * where it stays open (or the test ran without a popup), it shows the result itself.
 */
export function SsoTestDone() {
  const { t } = useAdminTranslation();
  const failureText = useFailureText(ADMIN_NAMESPACE);
  const [result, setResult] = useState<SsoTestResult | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    const channel = new BroadcastChannel(SSO_TEST_CHANNEL);
    channel.postMessage('done');
    channel.close();
    // The portal's pages send COOP same-origin: back from the provider, the popup has no opener to ask, so it tries
    // to close, and shows the result itself where the browser keeps it open.
    window.close();
    api.send(SSO_CALLS.getSsoTestResult).then(setResult, setFailure);
  }, []);

  if (failure) return <FormAlert message={failureText(failure, 'sso.testFailed')} />;
  return result ? <SsoTestResultView result={result} /> : <p role="status">{t('sso.loading')}</p>;
}
