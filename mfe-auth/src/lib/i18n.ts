import { addSliceTranslations } from '@portal/web-kit/i18n';
import de from '../locales/de/auth.json' with { type: 'json' };
import en from '../locales/en/auth.json' with { type: 'json' };
import fr from '../locales/fr/auth.json' with { type: 'json' };
import it from '../locales/it/auth.json' with { type: 'json' };
import rm from '../locales/rm/auth.json' with { type: 'json' };

export const AUTH_NAMESPACE = 'auth';

addSliceTranslations(AUTH_NAMESPACE, { en, fr, de, it, rm });
