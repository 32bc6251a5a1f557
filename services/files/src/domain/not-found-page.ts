import type { Language } from '@portal/contracts/languages';
import { escapeHtml } from '@portal/kit/html';
import { serviceTexts } from '@portal/kit/texts';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import it from '../locales/it.json' with { type: 'json' };
import rm from '../locales/rm.json' with { type: 'json' };

const translator = serviceTexts('files', { en, fr, de, it, rm });

/** What a browser shows for a download link whose file is gone: a short page in the reader's language. */
export function fileNotFoundPage(language: Language): string {
  const t = translator(language);
  const text = (key: string) => escapeHtml(t(key));
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text('fileNotFound.title')} – ${text('portal')}</title>
<style>body{font-family:system-ui,sans-serif;line-height:1.5;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1a1a1a}a{color:#0b57d0}</style>
</head>
<body>
<main>
<h1>${text('fileNotFound.title')}</h1>
<p>${text('fileNotFound.text')}</p>
<p><a href="/dashboard">${text('fileNotFound.back')}</a></p>
</main>
</body>
</html>
`;
}
