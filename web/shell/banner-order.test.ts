import { describe, expect, it } from 'vitest';
import { BANNER_ORDER, pickBanner } from './banner-order';

describe('one banner at a time', () => {
  it('shows nothing when no banner wants to show', () => {
    expect(pickBanner({})).toBeNull();
    expect(pickBanner({ photo: false, push: false })).toBeNull();
  });

  it('puts an unconfirmed e-mail before a missing photo, before the offer, before push', () => {
    expect(pickBanner({ activation: true, photo: true, offer: true, push: true })).toBe('activation');
    expect(pickBanner({ photo: true, offer: true, push: true })).toBe('photo');
    expect(pickBanner({ offer: true, push: true })).toBe('offer');
    expect(pickBanner({ push: true })).toBe('push');
  });

  it('puts a decision about the account and e-mail that is off between the e-mail and the photo', () => {
    expect(pickBanner({ notice: true, 'email-off': true, photo: true })).toBe('notice');
    expect(pickBanner({ 'email-off': true, photo: true })).toBe('email-off');
    expect(pickBanner({ activation: true, notice: true })).toBe('activation');
  });

  it('knows each banner once', () => {
    expect(new Set(BANNER_ORDER).size).toBe(BANNER_ORDER.length);
  });
});
