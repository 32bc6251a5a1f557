import { describe, expect, it } from '@jest/globals';
import type { AuditEntry } from '@portal/contracts/audit';
import type { Language } from '@portal/contracts/languages';
import { auditCsv } from './csv-export.ts';

const entry = (action: string): AuditEntry => ({
  seq: '7',
  occurredAt: '2026-11-27T09:00:00.000Z',
  recordedAt: '2026-11-27T09:00:00.000Z',
  service: 'auth',
  actor: { id: null },
  from: {},
  action,
  object: { type: 'user', label: 'anna@example.ch' },
  outcome: 'success',
  hash: 'abc',
});

async function exported(entries: AuditEntry[], language: Language): Promise<string[]> {
  let text = '';
  for await (const chunk of auditCsv(
    (async function* () {
      yield* entries;
    })(),
    language,
  ))
    text += String(chunk);
  return text.trim().split('\n');
}

describe('the audit trail as CSV', () => {
  it('when an action is exported, then its label is in the requested language, its code beside it', async () => {
    const [header, row] = await exported([entry('user.status-changed')], 'de');
    expect(header).toContain('Aktion');
    expect(row).toContain('Deaktiviert oder reaktiviert');
    expect(row).toContain('user.status-changed');
  });

  it('when an entry has a former action name, then it is exported under the label and code of today', async () => {
    const [, row] = await exported([entry('user.deactivated')], 'fr');
    expect(row).toContain('Désactivé ou réactivé,user.status-changed');
    expect(row).not.toContain('user.deactivated');
  });

  it('when an action has no label, then its code is exported as it is', async () => {
    const [, row] = await exported([entry('quiz.started')], 'en');
    expect(row).toContain(',quiz.started,quiz.started,');
  });
});
