import type { AuthContext } from '../kit/env';
import type { AppType, UserRole } from '../db/schema';

/**
 * The tenant scope every data-layer function takes second. Company-wide for admins; one app and one area for staff.
 */
export interface Scope {
  companyId: number;
  /** The caller's office (new records made by the caller belong to it). */
  officeId: number;
  userId: number;
  role: UserRole;
  root: boolean;
  /** Staff: their app; admin: null (every app of the company). */
  appId: number | null;
  /** Staff: their area; admin: null (every area). */
  areaId: number | null;
}

/** A scope inside one service app (`/api/admin/{Service}/…`). */
export interface ServiceScope extends Scope {
  appId: number;
  appType: AppType;
}

export function scopeOf(auth: AuthContext): Scope {
  const staff = auth.role === 'staff';
  return {
    companyId: auth.companyId,
    officeId: auth.officeId,
    userId: auth.uid,
    role: auth.role,
    root: auth.root,
    appId: staff ? auth.appId : null,
    areaId: staff ? auth.areaId : null,
  };
}
