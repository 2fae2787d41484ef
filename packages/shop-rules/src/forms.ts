/**
 * Request bodies of the public forms, as zod schemas both sides check: the back-office validates each request
 * with them, the storefront's forms validate in the browser with the same schemas and messages (spec §5).
 * Unknown fields are dropped, so nothing unexpected is stored. Browser-safe.
 */
import { z } from 'zod';
import { AUDIENCES, TRAINING } from './constants.ts';
import { FULL_POSTCODE_PATTERN, POSTCODE_PATTERN } from './postcode.ts';
import { isCompanyNumber, isUkPhone, MESSAGES, MIN_VALUE } from './validation.ts';

// ---- field building blocks ----------------------------------------------------------------------------------

/** A present, non-blank string (missing, wrong type or blank → "Field required"). */
export const required = (max = 200) =>
  z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max);

/** An optional string: absent, null or blank all mean "not given". */
export const optional = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : undefined));

export const email = () => required(254).pipe(z.email(MESSAGES.email));
// Format checks are piped after `required`, so a blank value reports only "Field required".
export const phone = () => required(40).pipe(z.string().refine(isUkPhone, MESSAGES.phone));
export const optionalPhone = () =>
  optional(40).refine((value) => value === undefined || isUkPhone(value), MESSAGES.phone);
export const optionalCompanyNumber = () =>
  optional(40).refine((value) => value === undefined || isCompanyNumber(value), MESSAGES.companyNumber);
/** A postcode, district or area. */
export const postcode = () => required(10).pipe(z.string().regex(POSTCODE_PATTERN, MESSAGES.postcode));
/** A full postcode: an exact address. */
export const fullPostcode = () =>
  required(10).pipe(z.string().regex(FULL_POSTCODE_PATTERN, MESSAGES.postcode));
export const optionalFullPostcode = () =>
  optional(10).refine((v) => v === undefined || FULL_POSTCODE_PATTERN.test(v), MESSAGES.postcode);
export const isoDate = () =>
  required(10).pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.date)
      .refine((v) => !Number.isNaN(Date.parse(v)), MESSAGES.date),
  );

const civility = z.enum(['mr', 'mrs', 'ms', 'mx', 'dr']).optional();
const audience = z.enum(AUDIENCES).default('pro');
/** Database ids are PostgreSQL integers. */
const MAX_ID = 2_147_483_647;

// ---- bodies -------------------------------------------------------------------------------------------------

/** Who is writing: the first fields of every form. */
const person = {
  civility,
  first_name: required(100),
  last_name: required(100),
  email: email(),
};

export const contactBody = z.object({
  ...person,
  phone: optionalPhone(),
  company: optional(200),
  company_number: optionalCompanyNumber(),
  subject: required(200),
  message: required(5000),
  audience,
});

export const constructionStartsBody = z.object({
  ...person,
  phone: phone(),
  company: required(200),
  company_number: optionalCompanyNumber(),
  site_address: required(300),
  site_postcode: postcode(),
  site_town: required(100),
  start_date: isoDate(),
  surface_m2: z.coerce.number().int().min(MIN_VALUE, MESSAGES.minValue).max(1_000_000).optional(),
  message: optional(5000),
  audience,
});

export const applicationBody = z.object({
  /** The job page applied for; absent for a direct (speculative) application. */
  page_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
  ...person,
  phone: phone(),
  town: optional(100),
  message: required(5000),
  linkedin_url: optional(300).refine((v) => v === undefined || /^https:\/\/\S+$/.test(v), MESSAGES.url),
});

export const profileBody = z.object({
  ...person,
  phone: optionalPhone(),
  company: optional(200),
  company_number: optionalCompanyNumber(),
  postcode: optionalFullPostcode(),
  audience,
  newsletter: z.boolean().default(false),
});

const trainingParticipant = z.object({
  first_name: required(100),
  last_name: required(100),
  email: email().optional(),
});

/** A training registration (spec §9): 3 to 5 participants on one session. */
export const trainingRegistrationBody = z.object({
  session_id: z.coerce.number({ error: MESSAGES.required }).int().positive().max(MAX_ID),
  company: required(200),
  contact_name: required(200),
  email: email(),
  phone: phone(),
  participants: z
    .array(trainingParticipant, { error: MESSAGES.required })
    .min(TRAINING.minParticipants, `Please register at least ${TRAINING.minParticipants} participants`)
    .max(TRAINING.maxParticipants, `Please register at most ${TRAINING.maxParticipants} participants`),
});

export type ContactBody = z.infer<typeof contactBody>;
export type ConstructionStartsBody = z.infer<typeof constructionStartsBody>;
export type ApplicationBody = z.infer<typeof applicationBody>;
export type ProfileBody = z.infer<typeof profileBody>;
export type TrainingRegistrationBody = z.infer<typeof trainingRegistrationBody>;
