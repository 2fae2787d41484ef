/** Bodies of the public forms. Unknown fields are dropped, so nothing unexpected is stored. */
import { AUDIENCES } from '@plasterwick/shop-rules/constants';
import { FULL_POSTCODE_PATTERN } from '@plasterwick/shop-rules/postcode';
import { z } from 'zod';
import {
  email,
  isoDate,
  optional,
  optionalCompanyNumber,
  optionalPhone,
  phone,
  postcode,
  required,
} from './validation.ts';

const civility = z.enum(['mr', 'mrs', 'ms', 'mx', 'dr']).optional();
const audience = z.enum(AUDIENCES).default('pro');

export const contactBody = z.object({
  civility,
  first_name: required(100),
  last_name: required(100),
  email: email(),
  phone: optionalPhone(),
  company: optional(200),
  company_number: optionalCompanyNumber(),
  subject: required(200),
  message: required(5000),
  audience,
});

export const constructionStartsBody = z.object({
  civility,
  first_name: required(100),
  last_name: required(100),
  email: email(),
  phone: phone(),
  company: required(200),
  company_number: optionalCompanyNumber(),
  site_address: required(300),
  site_postcode: postcode(),
  site_town: required(100),
  start_date: isoDate(),
  surface_m2: z.coerce.number().int().min(1, 'Please enter a value of 1 or more.').max(1_000_000).optional(),
  message: optional(5000),
  audience,
});

export const applicationBody = z.object({
  /** The job page applied for; absent for a direct (speculative) application. */
  page_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  civility,
  first_name: required(100),
  last_name: required(100),
  email: email(),
  phone: phone(),
  town: optional(100),
  message: required(5000),
  linkedin_url: optional(300).refine(
    (v) => v === undefined || /^https:\/\/\S+$/.test(v),
    'Please enter a valid URL',
  ),
});

export const profileBody = z.object({
  civility,
  first_name: required(100),
  last_name: required(100),
  email: email(),
  phone: optionalPhone(),
  company: optional(200),
  company_number: optionalCompanyNumber(),
  postcode: optional(10).refine(
    (v) => v === undefined || FULL_POSTCODE_PATTERN.test(v),
    'Please enter a valid postcode',
  ),
  audience,
  newsletter: z.boolean().default(false),
});
