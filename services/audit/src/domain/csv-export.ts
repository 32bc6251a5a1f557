import type { Readable } from 'node:stream';
import { type AuditEntry, currentAuditAction } from '@portal/contracts/audit';
import { AUDIT_ACTIONS_NAMESPACE, actionLabelKey, loadAuditActionTexts } from '@portal/contracts/audit-actions';
import { LANGUAGES, type Language } from '@portal/contracts/languages';
import { spreadsheetSafe } from '@portal/kit/csv';
import { serviceTexts } from '@portal/kit/texts';
import { stringify } from 'csv-stringify';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import it from '../locales/it.json' with { type: 'json' };
import rm from '../locales/rm.json' with { type: 'json' };

const translator = serviceTexts('audit', { en, fr, de, it, rm });
// The labels the audit page shows, from the one copy in contracts.
const actionLabels = serviceTexts(
  AUDIT_ACTIONS_NAMESPACE,
  Object.fromEntries(
    await Promise.all(
      LANGUAGES.map(async (language) => [language, (await loadAuditActionTexts(language)).default] as const),
    ),
  ) as Record<Language, object>,
);

const COLUMNS = Object.keys(en.csv.columns) as (keyof typeof en.csv.columns)[];

/** The trail as CSV in the reader's language, written as its entries come (`entries` pages through them). */
export function auditCsv(entries: AsyncIterable<AuditEntry>, language: Language): Readable {
  const t = translator(language);
  const label = actionLabels(language);
  const csv = stringify({
    // A byte order mark first, so that Excel opens the UTF-8 file as UTF-8.
    bom: true,
    header: true,
    columns: COLUMNS.map((key) => ({ key, header: t(`csv.columns.${key}`) })),
    cast: { string: spreadsheetSafe },
  });
  void (async () => {
    try {
      for await (const entry of entries) {
        const row = {
          seq: entry.seq,
          occurredAt: entry.occurredAt,
          actor: entry.actor.name ?? '',
          actorId: entry.actor.id ?? '',
          ip: entry.from.ip ?? '',
          userAgent: entry.from.userAgent ?? '',
          service: entry.service,
          action: label(actionLabelKey(entry.action), { defaultValue: currentAuditAction(entry.action) }),
          actionCode: currentAuditAction(entry.action),
          objectType: entry.object.type,
          objectId: entry.object.id ?? '',
          object: entry.object.label ?? '',
          outcome: t(`csv.outcome.${entry.outcome}`),
          requestId: entry.requestId ?? '',
          changes: entry.changes ? JSON.stringify(entry.changes) : '',
          hash: entry.hash,
        };
        if (!csv.write(row)) await new Promise((resolve) => csv.once('drain', resolve));
      }
      csv.end();
    } catch (error) {
      csv.destroy(error as Error);
    }
  })();
  return csv;
}
