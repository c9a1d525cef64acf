/** Where a logged-in member is sent "home": the member search. */
export const MEMBER_HOME = '/members';
