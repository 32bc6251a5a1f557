import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@portal/contracts/errors';
import { QUIZ_LIMITS } from '@portal/contracts/quizzes';
import { type QuizGrantInput, quizGrantInputSchema } from '@portal/contracts/quiz-report';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import { ConfirmDialog } from '@portal/web-kit/confirm-dialog';
import { FormAlert } from '@portal/web-kit/form-alert';
import { TextField } from '@portal/web-kit/text-field';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ADMIN_NAMESPACE } from '../../../lib/i18n.ts';
import { useGrant } from '../api/quiz-report.ts';

interface Props {
  lessonId: string;
  userId: string;
  kind: QuizGrantInput['kind'];
  /** Called once the grant is stored (the report is being asked again) or when the dialog is cancelled. */
  onClose: (granted: boolean) => void;
}

/**
 * "Grant an extra attempt" or "Record a pass" for one learner: a modal with the required reason, checked with the
 * contracts' schema before it is sent; the server's issues go to the field.
 */
export function GrantDialog({ lessonId, userId, kind, onClose }: Props) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const grant = useGrant(lessonId);
  const { register, handleSubmit, formState, setError } = useForm<QuizGrantInput>({
    defaultValues: { userId, kind, reason: '' },
    resolver: zodResolver(quizGrantInputSchema),
    shouldFocusError: true,
  });
  const code = formState.errors.reason?.message;

  const submit = handleSubmit((input) =>
    grant.mutate(input, {
      onSuccess: () => onClose(true),
      onError: (error) => {
        const issue = error instanceof ApiError ? error.issues.find((one) => one.path === 'reason') : undefined;
        if (issue) setError('reason', { message: issue.code });
      },
    }),
  );

  const failed =
    grant.error && !(grant.error instanceof ApiError && grant.error.code === 'validation_failed')
      ? t(apiErrorKey(grant.error, 'quizReport.grantFailed', { not_found: 'quizReport.gone' }))
      : null;

  return (
    <ConfirmDialog
      title={t(`quizReport.${kind}.title`)}
      message={t(`quizReport.${kind}.message`)}
      confirmLabel={t(`quizReport.${kind}.confirm`)}
      busyLabel={t('quizReport.saving')}
      cancelLabel={t('quizReport.cancel')}
      tone="primary"
      busy={grant.isPending}
      onConfirm={() => void submit()}
      onCancel={() => onClose(false)}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormAlert message={failed} />
        <TextField
          label={t('quizReport.reason')}
          hint={t('quizReport.reasonHint')}
          maxLength={QUIZ_LIMITS.grantReasonMax}
          autoComplete="off"
          error={code ? t(`validation.${code}`, { max: QUIZ_LIMITS.grantReasonMax }) : undefined}
          {...register('reason')}
        />
      </form>
    </ConfirmDialog>
  );
}
