/** Where a logged-in member is sent "home": the member search (SPEC §2). */
export const MEMBER_HOME = '/members';
