import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@portal/contracts/errors';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '@portal/contracts/languages';
import { type InvitationRequest, invitationRequestSchema } from '@portal/contracts/onboarding';
import field from '@portal/web-kit/styles/field.module.css';
import { useId, useState } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { FormWithAlert } from '@portal/web-kit/form-alert';
import form from '@portal/web-kit/styles/form.module.css';
import { SubmitButton } from '@portal/web-kit/submit-button';
import { TextField } from '@portal/web-kit/text-field';
import { useFailureText } from '@portal/web-kit/failure-text';
import { DIRECTORY_NAMESPACE, DIRECTORY_NAMESPACES, useDirectoryTranslation } from '../../../lib/directory-i18n.ts';
import { useValidationText } from '@portal/web-kit/validation';
import { useInviteUser } from '../api/invite-user.ts';
import styles from './onboarding.module.css';

/** Groups typed as a comma-separated list (as the request's optional list). */
const groupsOf = (text: string): string[] | undefined =>
  text
    .split(',')
    .map((group) => group.trim())
    .filter((group) => group.length > 0);

/** The contracts' invitation with its groups typed as text: split at the commas, then checked as the contracts say. */
const inviteFormSchema = z.object({
  ...invitationRequestSchema.shape,
  groups: z.pipe(z.pipe(z.string(), z.transform(groupsOf)), invitationRequestSchema.shape.groups),
});
type Values = z.input<typeof inviteFormSchema>;

/** A field's first issue code: a group's own issue sits under its index in the list. */
const codeOf = (error: FieldError | readonly (FieldError | undefined)[] | undefined) =>
  Array.isArray(error) ? error.find(Boolean)?.message : (error as FieldError | undefined)?.message;

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
  const { t } = useDirectoryTranslation();
  const empty: Values = { email: '', name: '', language: defaultLanguage, isSysAdmin: false, groups: '' };
  const { control, register, handleSubmit, reset, setError } = useForm<Values, unknown, InvitationRequest>({
    defaultValues: empty,
    resolver: zodResolver(inviteFormSchema),
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const invite = useInviteUser();
  const [sent, setSent] = useState<string | null>(null);
  const failureText = useFailureText(DIRECTORY_NAMESPACES);
  const validationText = useValidationText(DIRECTORY_NAMESPACE);
  const languageId = useId();

  const submit = handleSubmit((request) => {
    setSent(null);
    invite.mutate(request, {
      onSuccess: (invitation) => {
        setSent(
          t(invitation.outcome === 'reinvited' ? 'invite.resent' : 'invite.sent', { email: invitation.user.email }),
        );
        reset(empty);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'email_taken') setError('email', { message: 'email_taken' });
      },
    });
  });

  const text = (name: 'email' | 'name' | 'groups', label: string, hint?: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field: { name: fieldName, value, onChange, onBlur }, fieldState }) => {
        const props = {
          name: fieldName,
          value,
          onChange,
          onBlur,
          autoComplete: 'off',
          error: validationText(codeOf(fieldState.error)),
        };
        return name === 'email' ? (
          <TextField label={label} type="email" inputMode="email" {...props} />
        ) : (
          <TextField label={label} hint={hint} {...props} />
        );
      }}
    />
  );

  return (
    <FormWithAlert
      failure={invite.error ? failureText(invite.error, 'invite.failed', FAILURES) : null}
      onSubmit={submit}
    >
      {sent && (
        <p className={form.notice} role="status">
          {sent}
        </p>
      )}
      {text('email', t('fields.email'))}
      {text('name', t('fields.name'))}
      <div className={field.field}>
        <label htmlFor={languageId} className={field.label}>
          {t('invite.language')}
        </label>
        <div className={form.control}>
          <select id={languageId} className={styles.select} {...register('language')}>
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {text('groups', t('invite.groups'), t('invite.groupsHint'))}
      <label className={form.check}>
        <input type="checkbox" {...register('isSysAdmin')} />
        {t('invite.isSysAdmin')}
      </label>
      <SubmitButton label={t('invite.submit')} loadingLabel={t('invite.submitting')} loading={invite.isPending} />
    </FormWithAlert>
  );
}
