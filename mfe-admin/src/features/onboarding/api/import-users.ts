import { api } from '@portal/contracts/api-client';
import { ONBOARDING_CALLS } from '@portal/contracts/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A CSV file to judge (dryRun) or import, with or without invitations. */
interface ImportRequest {
  file: File;
  dryRun: boolean;
  invite: boolean;
}

/** Judges or imports the accounts of a CSV file, sent as the form field `file`; an import reloads the users' lists. */
export function useImportUsers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun, invite }: ImportRequest) => {
      const call = ONBOARDING_CALLS.importUsers;
      const form = new FormData();
      form.append('file', file, file.name);
      return api.request(call.path, {
        method: 'POST',
        query: { dryRun: String(dryRun), invite: String(invite) },
        body: form,
        schema: call.response,
      });
    },
    onSuccess: (_result, { dryRun }) => {
      if (!dryRun) void client.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
  });
}
