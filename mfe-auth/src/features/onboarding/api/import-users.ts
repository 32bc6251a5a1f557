import { api } from '@portal/contracts/api-client';
import { importResultSchema } from '@portal/contracts/onboarding';

/** Judges (dryRun) or imports the accounts of a CSV file, sent as the form field `file`. */
export function importUsers(file: Blob, fileName: string, options: { dryRun: boolean; invite: boolean }) {
  const form = new FormData();
  form.append('file', file, fileName);
  return api.request('/api/admin/users/import', {
    method: 'POST',
    query: { dryRun: options.dryRun, invite: options.invite },
    body: form,
    schema: importResultSchema,
  });
}
