/**
 * Where a logged-in member is sent "home". SPEC §2 makes that the member search (/members); until
 * the discovery issue builds it, members land on their own profile rather than on a 404 page.
 */
export const MEMBER_HOME = '/profile';
