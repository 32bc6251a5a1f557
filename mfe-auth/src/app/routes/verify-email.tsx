import { api } from '@portal/contracts/api-client';
import { useEffect, useState } from 'react';
import { whileCurrent } from '@portal/web-kit/while-current';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card.tsx';
import styles from '@portal/web-kit/styles/form.module.css';
import { pages } from '@portal/contracts/pages';
import { useFailureText } from '../../lib/failure-text.ts';
import { ACCOUNT_NAMESPACE, useAccountTranslation } from '../../lib/account-i18n.ts';

/** Each link is followed once per page load, even when an effect runs twice (React's strict mode). */
const followed = new Map<string, Promise<unknown>>();
const follow = (token: string) => {
  const call = followed.get(token) ?? api.verifyEmail({ body: { token } });
  followed.set(token, call);
  return call;
};

type State = { status: 'confirming' | 'confirmed' } | { status: 'failed'; error: unknown };

/** Exposed as ./VerifyEmailPage: the target of a registration's link /verify-email?token=…, which it follows once. */
export default function VerifyEmailPage() {
  const { t } = useAccountTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const failureText = useFailureText(ACCOUNT_NAMESPACE);
  const [state, setState] = useState<{ token: string; state: State }>();

  useEffect(() => {
    if (!token) return;
    return whileCurrent(
      follow(token),
      () => setState({ token, state: { status: 'confirmed' } }),
      (error) => setState({ token, state: { status: 'failed', error } }),
    );
  }, [token]);

  if (!token) return <Navigate to={pages.login.getHref()} replace />;
  const shown: State = state?.token === token ? state.state : { status: 'confirming' };
  return (
    <AuthCard
      id="verify-email-title"
      title={t('verify.title')}
      footer={<Link to={pages.login.getHref()}>{t('verify.toLogin')}</Link>}
    >
      {shown.status === 'confirming' && <p role="status">{t('verify.confirming')}</p>}
      {shown.status === 'confirmed' && (
        <p className={styles.notice} role="status">
          {t('verify.confirmed')}
        </p>
      )}
      {shown.status === 'failed' && (
        <p className={styles.problem} role="alert">
          {failureText(shown.error, 'verify.failed', { invalid_token: 'verify.invalid' })}
        </p>
      )}
    </AuthCard>
  );
}
