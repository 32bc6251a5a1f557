import { api } from '@portal/contracts/api-client';
import { ONBOARDING_CALLS } from '@portal/contracts/onboarding';

/** Judges (dryRun) or imports the accounts of a CSV file, sent as the form field `file`. */
export function importUsers(file: Blob, fileName: string, options: { dryRun: boolean; invite: boolean }) {
  const call = ONBOARDING_CALLS.importUsers;
  const form = new FormData();
  form.append('file', file, fileName);
  return api.request(call.path, {
    method: 'POST',
    query: { dryRun: String(options.dryRun), invite: String(options.invite) },
    body: form,
    schema: call.response,
  });
}
