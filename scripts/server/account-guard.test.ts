import { describe, expect, it } from 'vitest';
import { accountAreaOf, accountGuardRedirect, audienceHome, hasLoginIndicator } from './account-guard.ts';

describe('the account area guard', () => {
  it.each([
    ['/professional-filler/account', 'pro'],
    ['/professional-filler/account/', 'pro'],
    ['/professional-filler/account/orders/PW-000001', 'pro'],
    ['/diy-filler/account/wishlist', 'part'],
    ['//diy-filler//account', 'part'],
    ['/diy-filler/x/../account', 'part'],
    ['/diy-filler/accounts', undefined],
    ['/diy-filler/login', undefined],
    ['/account', undefined],
    ['/other/account', undefined],
    ['/diy-filler/account/../login', undefined],
  ])('%s is in the account area of %s', (pathname, audience) => {
    expect(accountAreaOf(pathname)).toBe(audience);
  });

  it('reads the login indicator cookie exactly', () => {
    expect(hasLoginIndicator('pw_auth=1')).toBe(true);
    expect(hasLoginIndicator('a=b; pw_auth=1; c=d')).toBe(true);
    expect(hasLoginIndicator(undefined)).toBe(false);
    expect(hasLoginIndicator('pw_auth=0')).toBe(false);
    expect(hasLoginIndicator('pw_auth=11')).toBe(false);
    expect(hasLoginIndicator('xpw_auth=1')).toBe(false);
  });

  it("sends a visitor without it to the audience's home", () => {
    expect(audienceHome('pro')).toBe('/');
    expect(audienceHome('part')).toBe('/diy-filler');
    expect(accountGuardRedirect('/diy-filler/account/profile', undefined)).toBe('/diy-filler');
    expect(accountGuardRedirect('/professional-filler/account', 'pw_auth=0')).toBe('/');
    expect(accountGuardRedirect('/professional-filler/account', 'pw_auth=1')).toBeUndefined();
    expect(accountGuardRedirect('/professional-filler/basket', undefined)).toBeUndefined();
  });
});
