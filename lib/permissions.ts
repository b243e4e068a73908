export {
  can,
  missingEntries,
  permissionEntrySchema,
  permissionItemSchema,
  permissionListSchema,
  setMenuSchema,
  type PermissionItem,
  type PermissionList,
} from '@contract/access';
