import { z } from 'zod';
import { updatedBySchema } from '../fields';

/**
 * Every change of a setting (`Config/App`, `Setting/System`): one entry per changed field, with its value before and
 * after, who changed it and when; written in the saving transaction. `GET {path}/History` answers the newest first.
 */
export const settingChangeSchema = z.object({
  id: z.coerce.string(),
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  changedBy: updatedBySchema.nullable(),
  changedAt: z.string(),
});
export type SettingChange = z.infer<typeof settingChangeSchema>;

/** How many of the newest changes a screen's history shows. */
export const SETTING_HISTORY_LIMIT = 50;
