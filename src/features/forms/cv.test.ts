import { CV_MAX_BYTES } from '@plasterwick/shop-rules/files';
import { MESSAGES } from '@plasterwick/shop-rules/validation';
import { describe, expect, it } from 'vitest';
import { checkCv, cvProblem } from './cv.ts';

const PDF = new TextEncoder().encode('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('CV check', () => {
  it('asks for a file when none (or an empty one) is chosen', () => {
    expect(cvProblem(undefined)).toBe(MESSAGES.uploadFile);
    expect(cvProblem({ size: 0 })).toBe(MESSAGES.uploadFile);
  });

  it('refuses a file over 5 MB before reading it', () => {
    expect(cvProblem({ size: CV_MAX_BYTES + 1 })).toBe(MESSAGES.fileTooLarge);
    expect(cvProblem({ size: CV_MAX_BYTES })).toBeUndefined();
  });

  it('goes by the bytes: a PDF passes, a PNG named .pdf does not', async () => {
    await expect(checkCv(new File([PDF], 'cv.pdf', { type: 'application/pdf' }))).resolves.toBeUndefined();
    await expect(checkCv(new File([PNG], 'cv.pdf', { type: 'application/pdf' }))).resolves.toBe(
      MESSAGES.uploadFile,
    );
    await expect(checkCv(undefined)).resolves.toBe(MESSAGES.uploadFile);
  });
});
