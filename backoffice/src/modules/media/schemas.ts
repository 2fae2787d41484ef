/** The media call's parameters and answers. */
import { z } from 'zod';

export const mediaParams = z.object({ '*': z.string().min(1).max(300) });
export const mediaBytes = z.any().describe('The file bytes');
export const notModified = z.null().describe('Not modified');
