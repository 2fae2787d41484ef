/**
 * The public forms' controller (contact, jobsite support, training registration, job application), loaded by
 * form-bootstrap.ts on first focus or input. It checks the fields with the same shared schemas as the back-office
 * (on submit, and on leaving a field once touched), runs the bot check, sends the body (JSON, or multipart with the
 * CV), and shows the outcome: the confirmation panel and the "Changes saved" toast, or the errors under the fields
 * and "An unknown error has occurred". A failure never resets or re-renders the form: what was typed stays.
 */
import { MESSAGES } from '@plasterwick/shop-rules/validation';
import { z } from 'zod';
import { BackofficeError, type JsonBody } from '../../lib/api/client.ts';
import { toFormErrors } from '../../lib/api/form-errors.ts';
import { islandApi } from '../site/island-api.ts';
import { showToast } from '../toasts/toasts.store.ts';
import { clearFieldError, showFieldError, showFieldErrors } from '../ui/field/field-errors.ts';
import { attachLiveChecks } from '../ui/field/live-checks.ts';
import { focusHeading } from '../ui/focus-heading.ts';
import { BotCheckError, prepareBotCheck, solveBotCheck } from './bot-check.ts';
import { checkCv } from './cv.ts';
import { bodyFromEntries, multipartFields } from './form-body.ts';
import { FORM_CONFIG, type FormConfig } from './form-config.ts';
import { fieldNameOf, issuesToFieldErrors, serverFieldErrors, type FieldMapping } from './field-mapping.ts';
import { formsText } from './forms-text.ts';
import { BOOLEAN_FIELDS, isFormKind, type FormKind } from './kinds.ts';
import { courseDate } from './sessions.ts';

/** The back-office's answer to a stored submission. */
const created = z.object({ data: z.object({ id: z.unknown() }) });

/** Starts the bot check's preparation (its script, a challenge) while the visitor fills the form in. */
export function prepare(): void {
  try {
    prepareBotCheck();
  } catch (error) {
    // Sending tries again and reports what fails; preparing early is only a head start.
    console.error(error);
  }
}

function kindOf(form: HTMLFormElement): FormKind | undefined {
  const kind = form.dataset.form;
  return isFormKind(kind) ? kind : undefined;
}

// ---- fields ----------------------------------------------------------------------------------------------------

/** The visible label (or legend) of a field, without its required marker. */
function labelOf(form: HTMLFormElement, name: string): string | undefined {
  const field = form.querySelector(`[data-field="${CSS.escape(name)}"]`);
  const label = field?.querySelector('label, legend');
  if (!label) return undefined;
  const text = [...label.childNodes]
    .filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent ?? '')
    .join('')
    .trim();
  return text || undefined;
}

function mappingOf(form: HTMLFormElement, config: FormConfig): FieldMapping {
  return {
    aliases: config.aliases,
    labelOf: (name) => labelOf(form, name),
    tooLong: (max) => formsText('too_long', { max }),
  };
}

interface Checked {
  /** The body as the schema output it, when every field is right. */
  body?: Record<string, unknown>;
  errors: Record<string, string>;
}

/** The training registration: not more participants than the chosen course has places left. */
function placesError(form: HTMLFormElement, body: Record<string, unknown>): string | undefined {
  const option = form.querySelector<HTMLSelectElement>('select[name="session_id"]')?.selectedOptions[0];
  const places = option?.dataset.placesLeft;
  const count = Array.isArray(body.participants) ? body.participants.length : 0;
  if (places === undefined || count <= Number(places)) return undefined;
  return formsText('session.not_enough_places', { count: Number(places) });
}

/** Checks the form's fields with its shared schema (the CV apart: it is read asynchronously). */
function check(form: HTMLFormElement, kind: FormKind): Checked {
  const config = FORM_CONFIG[kind];
  const raw = bodyFromEntries(new FormData(form).entries(), BOOLEAN_FIELDS);
  const parsed = config.schema.safeParse(raw);
  const errors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues, mappingOf(form, config));
  if (kind === 'training-registration' && !errors.participants) {
    const places = placesError(form, raw);
    if (places) errors.participants = places;
  }
  return parsed.success && Object.keys(errors).length === 0 ? { body: parsed.data, errors } : { errors };
}

function fileOf(form: HTMLFormElement, name: string): File | undefined {
  const input = form.querySelector<HTMLInputElement>(`input[type="file"][name="${CSS.escape(name)}"]`);
  return input?.files?.[0];
}

/** The name of the field an event happened in (its Field.astro wrapper), through the form's aliases. */
function fieldNameAt(form: HTMLFormElement, target: EventTarget | null, config: FormConfig) {
  const field = target instanceof Element ? target.closest<HTMLElement>('[data-field]') : null;
  const name = field?.dataset.field;
  return name && form.contains(field) ? fieldNameOf(name, config.aliases) : undefined;
}

/** Shows or clears one field's error, as the schema sees it now. */
async function recheck(form: HTMLFormElement, kind: FormKind, name: string): Promise<void> {
  const config = FORM_CONFIG[kind];
  const message = name === config.file ? await checkCv(fileOf(form, name)) : check(form, kind).errors[name];
  if (message) showFieldError(form, name, message);
  else clearFieldError(form, name);
}

// ---- state -----------------------------------------------------------------------------------------------------

type Busy = 'verifying' | 'sending';

function setBusy(form: HTMLFormElement, state: Busy | undefined): void {
  const button = form.querySelector<HTMLButtonElement>('[data-form-submit]');
  if (button) {
    button.dataset.label ??= button.textContent?.trim() ?? '';
    button.disabled = Boolean(state);
    button.textContent = state ? formsText(state) : button.dataset.label;
  }
  form.setAttribute('aria-busy', String(Boolean(state)));
  const status = form.querySelector('[data-form-status]');
  if (status) status.textContent = state ? formsText(state) : '';
}

/** The message above the fields (a failure no field explains), focused when no field in error took the focus. */
function showFormMessage(form: HTMLFormElement, message: string | undefined, focus = false): void {
  const element = form.querySelector<HTMLElement>('[data-form-message]');
  if (!element) return;
  element.textContent = message ?? '';
  element.hidden = !message;
  if (message && focus) element.focus();
}

/** The field focused after errors: a fieldset's first control rather than the fieldset. */
function focusFirstError(form: HTMLFormElement): void {
  const active = document.activeElement;
  if (active instanceof HTMLFieldSetElement && form.contains(active))
    active.querySelector<HTMLElement>('input, select, textarea')?.focus();
}

function showErrors(form: HTMLFormElement, errors: Record<string, string>): Record<string, string> {
  const unshown = showFieldErrors(form, errors);
  focusFirstError(form);
  return unshown;
}

/** The confirmation panel replaces the form; the training one names the course. */
function showDone(form: HTMLFormElement, kind: FormKind): void {
  const section = form.closest('[data-form-section]');
  const panel = section?.querySelector<HTMLElement>('[data-form-done]');
  if (kind === 'training-registration') {
    const option = form.querySelector<HTMLSelectElement>('select[name="session_id"]')?.selectedOptions[0];
    const slot = panel?.querySelector('[data-done-session]');
    if (option && slot)
      slot.textContent = formsText('session.done', {
        title: option.dataset.title ?? option.text,
        date: courseDate(option.dataset.startsOn ?? ''),
        location: option.dataset.location ?? '',
      });
  }
  if (!panel) return;
  form.hidden = true;
  panel.hidden = false;
  focusHeading(panel);
}

// ---- sending ---------------------------------------------------------------------------------------------------

function requestBody(config: FormConfig, body: Record<string, unknown>, form: HTMLFormElement) {
  if (!config.file) return body as JsonBody;
  const data = new FormData();
  for (const [name, value] of multipartFields(body)) data.append(name, value);
  const file = fileOf(form, config.file);
  if (file) data.append(config.file, file, file.name);
  return data;
}

/** Shows why the back-office refused or could not take the form; true when a toast is due. */
function showFailure(form: HTMLFormElement, config: FormConfig, error: unknown): boolean {
  const failure = toFormErrors(error, formsText('failed'));
  const fields = serverFieldErrors(failure.fields, mappingOf(form, config));
  let message = failure.message;
  const code = error instanceof BackofficeError ? error.statusCode : undefined;
  if (code === 413 && config.file) {
    fields[config.file] ??= MESSAGES.fileTooLarge;
    message = undefined;
  } else if (code === 429) message = formsText('rate_limited');
  else if (failure.status === 'bot_check_failed') message = formsText('bot_check_failed');
  const unshown = showErrors(form, fields);
  const rest = Object.values(unshown);
  if (rest.length > 0) message = [message, ...rest].filter(Boolean).join(' ');
  showFormMessage(form, message, rest.length === Object.keys(fields).length);
  return Boolean(message);
}

const sending = new WeakSet<HTMLFormElement>();

/** Checks and sends the form; every outcome is shown on the page. */
export async function submit(form: HTMLFormElement): Promise<void> {
  const kind = kindOf(form);
  if (!kind || sending.has(form)) return;
  const config = FORM_CONFIG[kind];
  sending.add(form);
  try {
    showFormMessage(form, undefined);
    const { body, errors } = check(form, kind);
    if (config.file) {
      const problem = await checkCv(fileOf(form, config.file));
      if (problem) errors[config.file] = problem;
    }
    if (!body || Object.keys(errors).length > 0) {
      showErrors(form, errors);
      return;
    }
    setBusy(form, 'verifying');
    let token: string;
    try {
      token = await solveBotCheck(kind);
    } catch (error) {
      // The check's own message (spec §8), else the challenge call's failure as any other.
      if (error instanceof BotCheckError) showFormMessage(form, error.message, true);
      else showFailure(form, config, error);
      if (!(error instanceof BotCheckError || error instanceof BackofficeError)) console.error(error);
      showToast({ kind: 'danger' });
      return;
    }
    setBusy(form, 'sending');
    try {
      await islandApi().post(config.path, requestBody(config, { ...body, bot_check: token }, form), created);
    } catch (error) {
      if (!(error instanceof BackofficeError)) console.error(error);
      if (showFailure(form, config, error)) showToast({ kind: 'danger' });
      if (kind === 'training-registration')
        void import('./training-page.ts').then((module) => module.refreshSessions(form));
      return;
    }
    showDone(form, kind);
    showToast();
  } finally {
    setBusy(form, undefined);
    sending.delete(form);
  }
}

// ---- binding ---------------------------------------------------------------------------------------------------

const attached = new WeakSet<HTMLFormElement>();

/** Binds a form: submit, and the live checks of its fields (live-checks.ts). */
export function attach(form: HTMLFormElement): void {
  const kind = kindOf(form);
  if (!kind || attached.has(form)) return;
  attached.add(form);
  const config = FORM_CONFIG[kind];
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit(form);
  });
  attachLiveChecks(form, {
    fieldAt: (target) => fieldNameAt(form, target, config),
    recheck: (name) => recheck(form, kind, name),
    checkOnChange: (name) => name === config.file,
  });
  // A file chosen before this code arrived (choosing it is what woke the bootstrap).
  if (config.file && fileOf(form, config.file)) void recheck(form, kind, config.file);
}
