import { describe, expect, it } from 'vitest';
import { SCREENS } from '../screen-table';
import { hasTabBar } from './tab-bar-presence';
import { TABS, tabOf } from './tabs';

describe('the tab bar', () => {
  it('marks the tab a screen belongs to', () => {
    expect(tabOf('members')).toBe('discover');
    expect(tabOf('members-id')).toBe('discover');
    expect(tabOf('swipe-game')).toBe('swipe');
    expect(tabOf('likes-type')).toBe('likes');
    expect(tabOf('chats')).toBe('chats');
    expect(tabOf('settings')).toBe('me');
    expect(tabOf('credits')).toBe('me');
    expect(tabOf('pages')).toBeNull();
  });

  it('leads each tab to a screen that exists, whose tab is that tab', () => {
    for (const tab of TABS) {
      const route = SCREENS.find((s) => s.path === tab.to);
      expect(route, tab.to).toBeTruthy();
      expect(tabOf(route?.handle.name ?? '')).toBe(tab.name);
    }
  });

  it('steps aside in an open conversation only', () => {
    expect(hasTabBar('chats-id')).toBe(false);
    expect(hasTabBar('members-id-chat')).toBe(false);
    expect(hasTabBar('chats')).toBe(true);
    expect(hasTabBar('members')).toBe(true);
  });
});
