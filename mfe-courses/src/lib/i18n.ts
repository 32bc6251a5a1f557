import { addSliceTranslations } from '@portal/web-kit/i18n';
import de from '../locales/de/courses.json' with { type: 'json' };
import en from '../locales/en/courses.json' with { type: 'json' };
import fr from '../locales/fr/courses.json' with { type: 'json' };
import it from '../locales/it/courses.json' with { type: 'json' };
import rm from '../locales/rm/courses.json' with { type: 'json' };

export const COURSES_NAMESPACE = 'courses';

addSliceTranslations(COURSES_NAMESPACE, { en, fr, de, it, rm });
