import { api } from '@portal/contracts/api-client';
import { useEffect, useState } from 'react';
import { whileCurrent } from '@portal/web-kit/while-current';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card.tsx';
import styles from '@portal/web-kit/styles/form.module.css';
import { pages } from '@portal/contracts/pages';
import { ResetPasswordForm } from '../../features/password-reset/components/reset-password-form.tsx';
import { useAccountTranslation } from '../../lib/account-i18n.ts';

type LinkState = { status: 'checking' | 'invalid' } | { status: 'valid'; email: string | undefined; invited: boolean };

/**
 * Whether the link still works, and whose account it is for, asked as the page opens (the token is not used up
 * by asking). When the check itself fails, the form is shown: the reset call checks the token again.
 */
function useResetLinkState(token: string | null): LinkState {
  const [checked, setChecked] = useState<{ token: string; state: LinkState }>();
  useEffect(() => {
    if (!token) return;
    return whileCurrent(
      api.resetTokenStatus({ query: { token } }),
      ({ valid, email, purpose }) =>
        setChecked({
          token,
          state: valid ? { status: 'valid', email, invited: purpose === 'invite' } : { status: 'invalid' },
        }),
      () => setChecked({ token, state: { status: 'valid', email: undefined, invited: false } }),
    );
  }, [token]);
  return checked?.token === token ? checked.state : { status: 'checking' };
}

/**
 * Exposed as ./ResetPasswordPage: the target of the e-mail link /reset-password?token=…; without a token, /login.
 * An invitation's link opens it too, worded as choosing a first password.
 */
export default function ResetPasswordPage() {
  const { t } = useAccountTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const linkState = useResetLinkState(token);
  const invited = linkState.status === 'valid' && linkState.invited;
  if (!token) return <Navigate to={pages.login.getHref()} replace />;
  return (
    <AuthCard
      id="reset-password-title"
      title={t(invited ? 'invitation.title' : 'reset.title')}
      subtitle={linkState.status === 'valid' ? t(invited ? 'invitation.subtitle' : 'reset.subtitle') : undefined}
      footer={<Link to={pages.login.getHref()}>{t('requestReset.backToLogin')}</Link>}
    >
      {linkState.status === 'checking' && <p role="status">{t('reset.checkingLink')}</p>}
      {linkState.status === 'invalid' && (
        <div className={styles.problem} role="alert">
          <p>{t('reset.linkInvalid')}</p>
          <Link to={pages.requestReset.getHref()}>{t('reset.requestNewLink')}</Link>
        </div>
      )}
      {linkState.status === 'valid' && <ResetPasswordForm token={token} email={linkState.email} />}
    </AuthCard>
  );
}
