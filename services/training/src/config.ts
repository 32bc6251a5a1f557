import { DELETED_ACCOUNT_RECORD_MODES } from '@portal/contracts/portal-config';
import { loadServiceConfig } from '@portal/kit/config';
import { z } from 'zod';

export function loadTrainingConfig(env: Record<string, string | undefined> = process.env) {
  return loadServiceConfig(
    8105,
    {
      /** What a deleted account leaves: `anonymise` keeps its training records without the name, `erase` deletes them. */
      DELETED_ACCOUNT_RECORDS: z.enum(DELETED_ACCOUNT_RECORD_MODES).default('anonymise'),
    },
    env,
  );
}
export type TrainingConfig = ReturnType<typeof loadTrainingConfig>;
