// The fetch mock and fixtures of the other screen tests, for the member landing's tests.
export { card } from '../members/test-support';
export { type Call, mockApi, SETTINGS, USER } from '../transactions/test-support';
