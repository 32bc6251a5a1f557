import { api } from '@portal/contracts/api-client';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card.tsx';
import styles from '../../components/form.module.css';
import { paths } from '../../config/paths.ts';
import { ResetPasswordForm } from '../../features/password-reset/components/reset-password-form.tsx';
import { AUTH_NAMESPACE } from '../../lib/i18n.ts';

type LinkState = 'checking' | 'valid' | 'invalid';

/**
 * Whether the link still works, asked as the page opens (the token is not used up by asking). When the check
 * itself fails, the form is shown: the reset call checks the token again.
 */
function useResetLinkState(token: string | null): LinkState {
  const [checked, setChecked] = useState<{ token: string; state: LinkState }>();
  useEffect(() => {
    if (!token) return;
    let current = true;
    api.resetTokenStatus(token).then(
      ({ valid }) => current && setChecked({ token, state: valid ? 'valid' : 'invalid' }),
      () => current && setChecked({ token, state: 'valid' }),
    );
    return () => {
      current = false;
    };
  }, [token]);
  return checked?.token === token ? checked.state : 'checking';
}

/** Exposed as ./ResetPasswordPage: the target of the e-mail link /reset-password?token=…; without a token, /login. */
export default function ResetPasswordPage() {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const linkState = useResetLinkState(token);
  if (!token) return <Navigate to={paths.login.getHref()} replace />;
  return (
    <AuthCard
      id="reset-password-title"
      title={t('reset.title')}
      subtitle={linkState === 'valid' ? t('reset.subtitle') : undefined}
      footer={<Link to={paths.login.getHref()}>{t('requestReset.backToLogin')}</Link>}
    >
      {linkState === 'checking' && <p role="status">{t('reset.checkingLink')}</p>}
      {linkState === 'invalid' && (
        <div className={styles.problem} role="alert">
          <p>{t('reset.linkInvalid')}</p>
          <Link to={paths.requestReset.getHref()}>{t('reset.requestNewLink')}</Link>
        </div>
      )}
      {linkState === 'valid' && <ResetPasswordForm token={token} />}
    </AuthCard>
  );
}
