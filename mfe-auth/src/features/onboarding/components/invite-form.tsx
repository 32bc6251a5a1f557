import { ApiError } from '@portal/contracts/errors';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '@portal/contracts/languages';
import { invitationRequestSchema } from '@portal/contracts/onboarding';
import field from '@portal/web-kit/styles/field.module.css';
import { useId, useState } from 'react';
import { EmailField } from '../../../components/email-field.tsx';
import { FormWithAlert } from '../../../components/form-alert.tsx';
import form from '../../../components/form.module.css';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useFailureText } from '../../../lib/failure-text.ts';
import { ADMIN_NAMESPACE, useAdminTranslation } from '../../../lib/admin-i18n.ts';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import { inviteUser } from '../api/invite-user.ts';
import { fieldCodes, useValidationText } from '../../../lib/validation.ts';
import styles from './onboarding.module.css';
import { useSending } from '../../../lib/use-sending.ts';

type Field = 'email' | 'name' | 'groups';

/** Groups typed as a comma-separated list. */
const groupsOf = (text: string) =>
  text
    .split(',')
    .map((group) => group.trim())
    .filter((group) => group.length > 0);

/** What a refused invitation says, by the error's code. */
const FAILURES = {
  email_taken: 'invite.emailTaken',
  registration_closed: 'invite.closed',
  validation_failed: 'invite.invalid',
};

/**
 * E-mail, name, language, administrator or not, groups: the invitee gets a link, in the language chosen here, to
 * set a first password. What was typed stays when the call fails.
 */
export function InviteForm({ defaultLanguage }: { defaultLanguage: Language }) {
  const { t } = useAdminTranslation();
  const fields = useFormFields<Field>({ email: '', name: '', groups: '' });
  const [language, setLanguage] = useState<Language>(defaultLanguage);
  const [isSysAdmin, setIsSysAdmin] = useState(false);
  const { submitting, failure, send } = useSending();
  const [sent, setSent] = useState<string | null>(null);
  const failureText = useFailureText(ADMIN_NAMESPACE);
  const validationText = useValidationText();
  const languageId = useId();
  const request = {
    email: fields.values.email,
    name: fields.values.name,
    language,
    isSysAdmin,
    groups: groupsOf(fields.values.groups),
  };
  const result = invitationRequestSchema.safeParse(request);
  const codes = fieldCodes(result);
  const bind = (name: Field) =>
    fields.bind(name, validationText(fields.serverCodes[name] ?? (fields.touched[name] ? codes[name] : undefined)));

  const submit = async () => {
    if (!result.success || submitting) return;
    const request = result.data;
    setSent(null);
    await send(
      async () => {
        const invitation = await inviteUser(request);
        setSent(
          t(invitation.outcome === 'reinvited' ? 'invite.resent' : 'invite.sent', { email: invitation.user.email }),
        );
        fields.reset();
        setIsSysAdmin(false);
      },
      (error) => {
        if (error instanceof ApiError && error.code === 'email_taken') fields.setServerCodes({ email: 'email_taken' });
        return failureText(error, 'invite.failed', FAILURES);
      },
    );
  };

  return (
    <FormWithAlert failure={failure} onSubmit={submit}>
      {sent && (
        <p className={form.notice} role="status">
          {sent}
        </p>
      )}
      <EmailField autoComplete="off" {...bind('email')} />
      <TextField label={t('fields.name')} autoComplete="off" {...bind('name')} />
      <div className={field.field}>
        <label htmlFor={languageId} className={field.label}>
          {t('invite.language')}
        </label>
        <div className={form.control}>
          <select
            id={languageId}
            className={styles.select}
            value={language}
            onChange={(event) => setLanguage(event.target.value as Language)}
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <TextField label={t('invite.groups')} hint={t('invite.groupsHint')} autoComplete="off" {...bind('groups')} />
      <label className={form.check}>
        <input type="checkbox" checked={isSysAdmin} onChange={(event) => setIsSysAdmin(event.target.checked)} />
        {t('invite.isSysAdmin')}
      </label>
      <SubmitButton
        label={t('invite.submit')}
        loadingLabel={t('invite.submitting')}
        loading={submitting}
        disabled={!result.success}
      />
    </FormWithAlert>
  );
}
