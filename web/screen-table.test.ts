import { describe, expect, it } from 'vitest';
import { PAGE_PATTERNS } from '../common/rules/pages';
import { SCREENS } from './screen-table';

describe('the route table', () => {
  it('has the addresses the server answers as pages (the others are answered 404)', () => {
    expect(SCREENS.map((s) => s.path).sort()).toEqual([...PAGE_PATTERNS].sort());
  });
});
