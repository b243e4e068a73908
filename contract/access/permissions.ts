import { z } from 'zod';
import type { Flag, PermissionService } from './services';

/** One menu entry's flags, as the spec's permission entry and `setMenu` carry them. */
export const permissionItemSchema = z.object({
  name: z.string().min(1).max(200),
  read: z.boolean(),
  write: z.boolean(),
  create: z.boolean(),
  delete: z.boolean(),
});
export const permissionEntrySchema = z.object({
  services: z.string().min(1).max(50),
  data: z.array(permissionItemSchema),
});
/** `getPermission` answers `{status, data: PermissionList}`. */
export const permissionListSchema = z.array(permissionEntrySchema);
/** `setMenu` body. */
export const setMenuSchema = z.object({ menuName: permissionListSchema });

export type PermissionItem = z.infer<typeof permissionItemSchema>;
export type PermissionList = z.infer<typeof permissionListSchema>;

/** The spec's check: true only when the flag is set for that service and permission name. */
export function can(list: PermissionList | null | undefined, service: PermissionService, name: string | true, flag: Flag): boolean {
  if (name === true) return true;
  if (!list) return false;
  for (const entry of list) {
    if (entry.services !== service) continue;
    for (const item of entry.data) if (item.name === name) return item[flag] === true;
  }
  return false;
}

/** Names present in a catalogue but absent from the list: `setMenu` is sent when this is non-empty. */
export function missingEntries(list: PermissionList, catalogue: { services: string; names: string[] }[]): string[] {
  const have = new Set(list.flatMap((e) => e.data.map((i) => `${e.services}|${i.name}`)));
  return catalogue.flatMap((c) => c.names.filter((n) => !have.has(`${c.services}|${n}`)).map((n) => `${c.services}|${n}`));
}
