import { describe, expect, it } from 'vitest';
import { movedPosition } from './media-calls.ts';

describe('movedPosition', () => {
  it('moves one place up or down within the list, never past its ends', () => {
    expect(movedPosition(1, 3, -1)).toBe(0);
    expect(movedPosition(1, 3, 1)).toBe(2);
    expect(movedPosition(0, 3, -1)).toBeUndefined();
    expect(movedPosition(2, 3, 1)).toBeUndefined();
    expect(movedPosition(0, 1, 1)).toBeUndefined();
  });
});
