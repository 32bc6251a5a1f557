import { api } from '@portal/contracts/api-client';
import type { User } from '@portal/contracts/auth';
import { changePasswordRequestSchema } from '@portal/contracts/auth';
import { ApiError } from '@portal/contracts/errors';
import { isGuessablePassword } from '@portal/contracts/password-strength';

import { toast } from 'react-toastify';
import { FormWithAlert } from '@portal/web-kit/form-alert';
import { NewPasswordField } from '../../../components/new-password-field.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '@portal/web-kit/submit-button';
import { useFailureText } from '../../../lib/failure-text.ts';
import { ACCOUNT_NAMESPACE, useAccountTranslation } from '../../../lib/account-i18n.ts';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import { usePasswordScore } from '../../../lib/use-password-score.ts';
import { fieldCodes, useValidationText } from '@portal/web-kit/validation';
import { AUTH_NAMESPACE } from '../../../lib/i18n.ts';
import { Panel } from '@portal/web-kit/panel';
import { useSending } from '../../../lib/use-sending.ts';

type Field = 'currentPassword' | 'newPassword';
const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '' };

/**
 * The current password and a new one. The rule of the new one is shown as it is typed (the contracts' rule and
 * the strength meter that judges as the server does); this browser stays signed in, the others are signed out.
 */
export function ChangePasswordForm({ user }: { user: User }) {
  const { t } = useAccountTranslation();
  const fields = useFormFields(EMPTY);
  const validationText = useValidationText(AUTH_NAMESPACE);
  const { submitting, failure, send } = useSending();
  const failureText = useFailureText(ACCOUNT_NAMESPACE);
  const result = changePasswordRequestSchema.safeParse(fields.values);
  const codes = fieldCodes(result);
  const score = usePasswordScore(fields.values.newPassword, user);

  const bind = (field: Field) => {
    const shown = fields.triedToSend || (field === 'newPassword' && fields.values.newPassword !== '');
    return fields.bind(field, validationText(fields.serverCodes[field] ?? (shown ? codes[field] : undefined)));
  };

  const submit = async () => {
    if (!result.success) {
      fields.showErrors();
      return;
    }
    const request = result.data;
    await send(
      async () => {
        // Judged as the server judges it, so a password it would refuse is not sent.
        if (await isGuessablePassword(request.newPassword, user)) {
          fields.setServerCodes({ newPassword: 'password_too_weak' });
          return;
        }
        await api.changePassword({ body: request });
        toast.success(t('account.password.changed'));
        fields.reset();
      },
      (error) => {
        if (error instanceof ApiError && error.code === 'invalid_credentials') {
          fields.setServerCodes({ currentPassword: 'current_password_wrong' });
        } else if (error instanceof ApiError && error.issues.some((issue) => issue.code === 'password_too_weak')) {
          fields.setServerCodes({ newPassword: 'password_too_weak' });
        }
        return failureText(error, 'account.password.failed', {
          invalid_credentials: 'validation.current_password_wrong',
        });
      },
    );
  };

  return (
    <Panel title={t('account.password.title')} intro={t('account.password.intro')}>
      <FormWithAlert failure={failure} onSubmit={submit}>
        <PasswordField
          label={t('fields.currentPassword')}
          autoComplete="current-password"
          {...bind('currentPassword')}
        />
        <NewPasswordField label={t('fields.newPassword')} score={score} {...bind('newPassword')} />
        <SubmitButton
          label={t('account.password.submit')}
          loadingLabel={t('account.password.submitting')}
          loading={submitting}
        />
      </FormWithAlert>
    </Panel>
  );
}
