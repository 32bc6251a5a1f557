import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_NAMESPACE } from '../lib/i18n.ts';
import { TextField } from '@portal/web-kit/text-field';

/** The e-mail address field: its label, and the keyboard and checks of an address. */
export function EmailField(props: Omit<ComponentProps<typeof TextField>, 'label' | 'type' | 'inputMode'>) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  return <TextField label={t('fields.email')} type="email" inputMode="email" {...props} />;
}
