/** The parameters, bodies and answers of the staff's calls on a product's pictures and documents. */
import { z } from 'zod';
import { writeVersion } from '../../lib/http.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const ALT_REQUIRED = 'Please describe the picture for people who cannot see it (alt text)';

/** Alt text: what the picture shows, in words, 1 to 250 characters. */
export const altText = z.string().trim().min(1, ALT_REQUIRED).max(250, 'Alt text is 250 characters at most');

export const productParams = z.object({ id });
export const pictureParams = z.object({ id, key: z.string().min(1).max(300) });
export const sheetParams = z.object({ id, type: z.enum(['technical-data-sheet', 'safety-data-sheet']) });

export const versionBody = z.object({ version: writeVersion });
export const versionQuery = z.object({ version: z.coerce.number().pipe(writeVersion) });
export const picturePatch = z
  .object({
    version: writeVersion,
    alt: altText.optional(),
    position: z.number().int().min(0).max(1000).optional(),
  })
  .refine((body) => body.alt !== undefined || body.position !== undefined, {
    message: 'Name the alt text or the position to change',
  });

const picture = z.object({
  key: z.string(),
  url: z.string(),
  webp: z.string(),
  alt: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  position: z.number().int(),
});

const document = z.object({
  type: z.enum(['technical-data-sheet', 'safety-data-sheet']),
  label: z.string(),
  title: z.string().nullable(),
  url: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
});

export const mediaAnswer = z.object({
  data: z.object({
    id: z.number().int(),
    version: z.number().int(),
    name: z.string(),
    reference: z.string(),
    pictures: z.array(picture),
    documents: z.array(document),
  }),
});
