import type { StaffMember } from '../../common/api/admin/staff';
import type { StaffSession } from '../services/admin/staff/sessions';

/** The staff member of a console session, as the console shows who is logged in. */
export const presentStaffSession = (s: StaffSession): StaffMember => ({
  id: s.id,
  email: s.email,
  name: s.name,
  role: s.role,
  session_expires: s.expiresAt.toISOString(),
});
