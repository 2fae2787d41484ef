/**
 * What each public form sends where, checked by which shared schema: loaded with the form controller (it brings
 * zod and the schemas), never by the bootstrap.
 */
import {
  applicationBody,
  constructionStartsBody,
  contactBody,
  trainingRegistrationBody,
} from '@plasterwick/shop-rules/forms';
import type { z } from 'zod';
import type { FormKind } from './kinds.ts';

export interface FormConfig {
  /** The back-office call (`POST /api/v1{path}`). */
  path: string;
  schema: z.ZodType<Record<string, unknown>>;
  /** Body paths shown under another field. */
  aliases?: Record<string, string>;
  /** The file field sent beside the fields as multipart/form-data. */
  file?: string;
}

export const FORM_CONFIG: Record<FormKind, FormConfig> = {
  contact: { path: '/contact', schema: contactBody },
  'construction-starts': {
    path: '/construction-starts',
    schema: constructionStartsBody,
    // The works period is one fieldset: its start and duration share the catalogue's "period" message.
    aliases: { start_date: 'period', duration_weeks: 'period' },
  },
  'training-registration': { path: '/training-registration', schema: trainingRegistrationBody },
  application: { path: '/application', schema: applicationBody, file: 'cv' },
};
