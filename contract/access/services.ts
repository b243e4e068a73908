/** The services of the platform, the permission `services` values and the method → flag rule. */
export const SERVICES = ['Delivery', 'Marketplace'] as const;
export type ServiceName = (typeof SERVICES)[number];
/** The permission `services` a route belongs to: `Admin` for the company area. */
export type PermissionService = 'Admin' | ServiceName;

export const FLAGS = ['read', 'write', 'create', 'delete'] as const;
export type Flag = (typeof FLAGS)[number];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function isService(value: string | undefined | null): value is ServiceName {
  return (SERVICES as readonly string[]).includes(value ?? '');
}

/** GET/HEAD need `read`, POST `create`, PUT/PATCH `write`, DELETE `delete`; any other method is refused (null). */
export function flagForMethod(method: string): Flag | null {
  switch (method.toUpperCase()) {
    case 'GET':
    case 'HEAD':
      return 'read';
    case 'POST':
      return 'create';
    case 'PUT':
    case 'PATCH':
      return 'write';
    case 'DELETE':
      return 'delete';
    default:
      return null;
  }
}
