import { loadServiceConfig } from '@portal/kit/config';

export function loadTrainingConfig(env: Record<string, string | undefined> = process.env) {
  return loadServiceConfig(8105, {}, env);
}
export type TrainingConfig = ReturnType<typeof loadTrainingConfig>;
