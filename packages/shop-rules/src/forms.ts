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
/** A present string whose missing or blank value has its own catalogue message ("Please enter your first name"). */
export const named = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max);
/** A box the visitor must tick (terms, privacy notice). */
export const accepted = (message: string = MESSAGES.acceptTerms) => z.literal(true, { error: message });
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

/**
 * What every public form carries besides its fields: the solved bot check (the back-office answers 400
 * `bot_check_failed` when it is missing or wrong, so it is optional here) and the honeypot `website`, a field
 * people never see: filled in, the answer looks like success but nothing is stored or sent.
 */
export const botGuard = {
  bot_check: z.string().max(20_000).optional(),
  website: z.string().max(500).optional(),
};

/** Who is writing: the first fields of every form. */
const person = {
  civility,
  first_name: named(MESSAGES.firstName, 100),
  last_name: named(MESSAGES.lastName, 100),
  email: email(),
};

export const contactBody = z.object({
  ...person,
  phone: optionalPhone(),
  company: optional(200),
  company_number: optionalCompanyNumber(),
  subject: required(200),
  message: required(5000),
  accept_terms: accepted(),
  audience,
  ...botGuard,
});

/** A works period (spec "period" message): the start date and the expected duration in weeks. */
const periodStart = () =>
  z
    .string({ error: MESSAGES.period })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.period)
    .refine((v) => !Number.isNaN(Date.parse(v)), MESSAGES.period);
export const WORKS_DURATION_WEEKS = { min: 1, max: 104 } as const;

/** Surfaces a jobsite request can be about (the select's options; `other` is explained in the description). */
export const JOBSITE_SURFACES = [
  'plasterboard',
  'plaster',
  'concrete',
  'brick-block',
  'timber',
  'render',
  'other',
] as const;

export const constructionStartsBody = z.object({
  ...person,
  phone: phone(),
  company: named(MESSAGES.companyName),
  company_number: optionalCompanyNumber(),
  site_address: optional(300),
  site_postcode: postcode(),
  site_town: named(MESSAGES.city, 100),
  start_date: periodStart(),
  duration_weeks: z.coerce
    .number({ error: MESSAGES.period })
    .int(MESSAGES.period)
    .min(WORKS_DURATION_WEEKS.min, MESSAGES.period)
    .max(WORKS_DURATION_WEEKS.max, MESSAGES.period),
  surface: z.enum(JOBSITE_SURFACES, { error: MESSAGES.required }),
  surface_m2: z.coerce.number().int().min(MIN_VALUE, MESSAGES.minValue).max(1_000_000).optional(),
  products: optional(500),
  message: required(5000),
  audience,
  ...botGuard,
});

/**
 * A job application's fields; the CV travels beside them as the multipart file `cv` (rules in `./files.ts`).
 * Multipart fields arrive as strings, hence `accept_terms` also taking "true".
 */
export const applicationBody = z.object({
  /** The job page applied for; absent for a direct (speculative) application. */
  page_id: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().positive().max(MAX_ID).optional(),
  ),
  ...person,
  phone: phone(),
  town: optional(100),
  /** The cover letter. */
  message: optional(5000),
  linkedin_url: optional(300).refine((v) => v === undefined || /^https:\/\/\S+$/.test(v), MESSAGES.url),
  accept_terms: z.preprocess((v) => (v === 'true' ? true : v), accepted()),
  audience,
  ...botGuard,
});

const trainingParticipant = z.object({
  first_name: named(MESSAGES.firstName, 100),
  last_name: named(MESSAGES.lastName, 100),
  function: named(MESSAGES.function, 100),
  email: email().optional(),
});

export const participantsMessages = {
  min: `Please register at least ${TRAINING.minParticipants} participants`,
  max: `Please register at most ${TRAINING.maxParticipants} participants`,
} as const;

/** A training registration (spec §9): 3 to 5 participants on one session. */
export const trainingRegistrationBody = z.object({
  session_id: z.coerce
    .number({ error: MESSAGES.trainingSession })
    .int(MESSAGES.trainingSession)
    .positive(MESSAGES.trainingSession)
    .max(MAX_ID, MESSAGES.trainingSession),
  company: named(MESSAGES.companyName),
  company_number: required(40).pipe(z.string().refine(isCompanyNumber, MESSAGES.companyNumber)),
  contact_name: required(200),
  email: email(),
  phone: phone(),
  participants: z
    .array(trainingParticipant, { error: MESSAGES.required })
    .min(TRAINING.minParticipants, participantsMessages.min)
    .max(TRAINING.maxParticipants, participantsMessages.max),
  audience,
  ...botGuard,
});

export type ContactBody = z.infer<typeof contactBody>;
export type ConstructionStartsBody = z.infer<typeof constructionStartsBody>;
export type ApplicationBody = z.infer<typeof applicationBody>;
export type TrainingRegistrationBody = z.infer<typeof trainingRegistrationBody>;
