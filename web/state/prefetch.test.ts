import { describe, expect, it } from 'vitest';
import { filesToPrefetch, likelyScreens, shouldPrefetch } from './prefetch';

describe('prefetch on idle', () => {
  it('runs unless the member saves data or is on 2G', () => {
    expect(shouldPrefetch(undefined)).toBe(true);
    expect(shouldPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(shouldPrefetch({ effectiveType: '3g', saveData: false })).toBe(true);
    expect(shouldPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
    expect(shouldPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
  });
});

describe('the screens fetched ahead', () => {
  const named = {
    members: ['/assets/MembersScreen-a.css', '/assets/MembersScreen-b.js', '/assets/ProfileCardView-c.js'],
    member: ['/assets/MemberProfileScreen-d.js', '/assets/ProfileCardView-c.js'],
    chats: ['/assets/ChatsScreen-e.js'],
    likes: ['/assets/LikesScreen-f.js'],
    signupModal: ['/assets/SignupModal-g.js'],
    login: ['/assets/LoginScreen-h.js'],
    backButton: ['/assets/BackButton-i.js'],
  };

  it("a member's next screens, each file once, without what the page already loaded", () => {
    const screens = likelyScreens({ member: true, onLander: false, installed: false });
    expect(screens).toEqual(['members', 'member', 'chats', 'likes']);
    expect(filesToPrefetch(named, screens, new Set(['/assets/MembersScreen-b.js']))).toEqual([
      '/assets/MembersScreen-a.css',
      '/assets/ProfileCardView-c.js',
      '/assets/MemberProfileScreen-d.js',
      '/assets/ChatsScreen-e.js',
      '/assets/LikesScreen-f.js',
    ]);
  });

  it('a visitor on a lander gets signup only; the installed app its back button first', () => {
    const lander = likelyScreens({ member: false, onLander: true, installed: true });
    expect(lander).toHaveLength(2);
    expect(lander[0]).toBe('backButton');
    expect(lander[1]).toMatch(/^signup/);
    expect(likelyScreens({ member: false, onLander: false, installed: false }).slice(1)).toEqual([
      'login',
      'members',
    ]);
  });
});
