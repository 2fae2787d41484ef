import { atom } from 'nanostores';
import { RESIZE_DEBOUNCE_MS } from '../../lib/config.ts';
import { deviceClass, deviceClassNames, type DeviceClass } from './device.ts';

/** Desktop until the browser tells us otherwise (static HTML is rendered without a width). */
export const $device = atom<DeviceClass>(deviceClass(1280));

interface ResizeSource {
  innerWidth: number;
  addEventListener(type: 'resize', listener: () => void): void;
  removeEventListener(type: 'resize', listener: () => void): void;
}

/**
 * Sets the device class now and again 1 s after the last resize event (spec §4, §9).
 * Returns a function that stops watching.
 */
export function watchDevice(source: ResizeSource, root?: { classList: DOMTokenList }): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const apply = () => {
    const device = deviceClass(source.innerWidth);
    $device.set(device);
    if (root) {
      root.classList.remove('is-mobile', 'is-tablet', 'is-phablet', 'is-phone', 'is-desktop');
      root.classList.add(...deviceClassNames(device));
    }
  };
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(apply, RESIZE_DEBOUNCE_MS);
  };
  apply();
  source.addEventListener('resize', onResize);
  return () => {
    clearTimeout(timer);
    source.removeEventListener('resize', onResize);
  };
}
