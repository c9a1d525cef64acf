import { describe, expect, it } from 'vitest';
import { hasInAppHistory } from './BackButton';

describe('in-app history', () => {
  it('exists when React Router numbers this entry above 0 (a page reached inside the app)', () => {
    expect(hasInAppHistory({ usr: null, key: 'a1', idx: 1 })).toBe(true);
    expect(hasInAppHistory({ usr: null, key: 'a1', idx: 4 })).toBe(true);
  });
  it('does not on the page the app opened on, or an entry the router did not write', () => {
    expect(hasInAppHistory({ usr: null, key: 'default', idx: 0 })).toBe(false);
    expect(hasInAppHistory(null)).toBe(false);
    expect(hasInAppHistory({ idx: '2' })).toBe(false);
  });
});
