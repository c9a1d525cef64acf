import { createContext, useContext } from 'react';
import { roleAtLeast, type StaffMember, type StaffRole } from '../../common/api/admin/staff';

export type { StaffMember, StaffRole };

/** The logged-in staff member; AdminApp provides it around every console screen. */
export const StaffContext = createContext<StaffMember | null>(null);

/**
 * The logged-in staff member (id, email, name, role, session_expires). Console screens render only
 * after the login, so this never answers null inside a screen.
 */
export function useStaff(): StaffMember {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff outside the console');
  return staff;
}

/** True when the logged-in staff member's role may do what `needed` may (role-dependent UI). */
export function useStaffCan(needed: StaffRole): boolean {
  return roleAtLeast(useStaff().role, needed);
}
