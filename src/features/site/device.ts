import { BREAKPOINTS } from '../../lib/config.ts';

/** Device class of spec §4: mobile covers tablets too (width ≤ 1024). */
export interface DeviceClass {
  width: number;
  mobile: boolean;
  tablet: boolean;
  phablet: boolean;
  phone: boolean;
  desktop: boolean;
}

export function deviceClass(width: number): DeviceClass {
  const mobile = width <= BREAKPOINTS.mobile;
  return {
    width,
    mobile,
    tablet: width > BREAKPOINTS.phablet && width <= BREAKPOINTS.mobile,
    phablet: width > BREAKPOINTS.phone && width <= BREAKPOINTS.phablet,
    phone: width <= BREAKPOINTS.phone,
    desktop: !mobile,
  };
}

/** The class names put on <html> so CSS and tests can read the device class. */
export function deviceClassNames(device: DeviceClass): string[] {
  const names: (keyof Omit<DeviceClass, 'width'>)[] = ['mobile', 'tablet', 'phablet', 'phone', 'desktop'];
  return names.filter((name) => device[name]).map((name) => `is-${name}`);
}
