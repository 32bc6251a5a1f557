import { addSliceTranslations } from '@portal/web-kit/i18n';
import de from '../locales/de/editor.json' with { type: 'json' };
import en from '../locales/en/editor.json' with { type: 'json' };
import fr from '../locales/fr/editor.json' with { type: 'json' };
import it from '../locales/it/editor.json' with { type: 'json' };
import rm from '../locales/rm/editor.json' with { type: 'json' };

export const EDITOR_NAMESPACE = 'editor';

addSliceTranslations(EDITOR_NAMESPACE, { en, fr, de, it, rm });
