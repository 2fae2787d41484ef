/**
 * The account forms' controller (login, sign-up, forgotten and reset password, profile, password change), loaded
 * by auth-bootstrap.ts on a form's first focus or input. It keeps the password requirements up to date as the
 * visitor types, checks with the shared rules (on submit, and on leaving a field once touched), runs the bot
 * check where the call needs one, sends, and shows the outcome. A failure never clears what was typed.
 */
import {
  changePassword,
  forgotPassword,
  login,
  register,
  resetPassword,
  updateMe,
  type Credentials,
} from '../../lib/api/auth.ts';
import { BackofficeError } from '../../lib/api/client.ts';
import { paths } from '../../lib/paths.ts';
import { validCartToken } from '../cart/cart.store.ts';
import { BotCheckError, prepareBotCheck, solveBotCheck } from '../forms/bot-check.ts';
import { fieldNameOf, type FieldMapping } from '../forms/field-mapping.ts';
import { islandApi } from '../site/island-api.ts';
import { showToast } from '../toasts/toasts.store.ts';
import { clearFieldError, showFieldError, showFieldErrors } from '../ui/field/field-errors.ts';
import { attachLiveChecks } from '../ui/field/live-checks.ts';
import { focusHeading } from '../ui/focus-heading.ts';
import { linkTokenOf, safeNextPath } from './auth.ts';
import { CONFIRM_FIELD, checkForm, refusalOf, requirementStates, type Checked } from './auth-checks.ts';
import { afterLogin } from './auth-session.ts';
import { setCustomer } from './auth.store.ts';
import { authText } from './auth-text.ts';
import { isAuthFormKind, type AuthFormKind } from './kinds.ts';

/** The forms whose call carries the bot check, with the action name the back-office checks it against. */
const BOT_CHECKED: Partial<Record<AuthFormKind, string>> = {
  'sign-up': 'register',
  'forgotten-password': 'forgot-password',
};

function kindOf(form: HTMLFormElement): AuthFormKind | undefined {
  const kind = form.dataset.authForm;
  return isAuthFormKind(kind) ? kind : undefined;
}

const audienceOf = (form: HTMLFormElement) => (form.dataset.audience === 'part' ? 'part' : 'pro');

/** The reset link's token (`?token=`). */
const linkToken = () => linkTokenOf(window.location.search);

/** The visible label of a field, without its required marker ("Field required: First name"). */
function labelOf(form: HTMLFormElement, name: string): string | undefined {
  const label = form.querySelector(`[data-field="${CSS.escape(name)}"] label`);
  const text = [...(label?.childNodes ?? [])]
    .filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent ?? '')
    .join('')
    .trim();
  return text || undefined;
}

const mappingOf = (form: HTMLFormElement): FieldMapping => ({ labelOf: (name) => labelOf(form, name) });

function check(form: HTMLFormElement, kind: AuthFormKind): Checked<object> {
  return checkForm(kind, new FormData(form).entries(), {
    audience: audienceOf(form),
    token: kind === 'reset-password' ? linkToken() : undefined,
    mapping: mappingOf(form),
  });
}

// ---- password fields ---------------------------------------------------------------------------------------

/** Marks each requirement of a new password met or not, in the list under it. */
export function updateRequirements(form: HTMLFormElement, input: HTMLInputElement): void {
  const list = form.querySelector<HTMLElement>(`[data-password-requirements="${CSS.escape(input.name)}"]`);
  if (!list) return;
  const states = requirementStates(input.value);
  for (const item of list.querySelectorAll<HTMLElement>('[data-requirement]')) {
    const met = states[item.dataset.requirement ?? ''] ?? false;
    item.dataset.met = String(met);
    const state = item.querySelector('[data-requirement-state]');
    if (state) state.textContent = (met ? list.dataset.labelMet : list.dataset.labelNotMet) ?? '';
  }
}

/** The requirement list describes its field (after the field's own hint and error). */
function describeWithRequirements(form: HTMLFormElement): void {
  for (const input of form.querySelectorAll<HTMLInputElement>('input[data-requirements]')) {
    const id = input.dataset.requirements ?? '';
    const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    if (!ids.includes(id)) input.setAttribute('aria-describedby', [...ids, id].join(' '));
    updateRequirements(form, input);
  }
}

// ---- state -------------------------------------------------------------------------------------------------

function setBusy(form: HTMLFormElement, label: string | undefined): void {
  const button = form.querySelector<HTMLButtonElement>('[data-form-submit]');
  if (button) {
    button.dataset.label ??= button.textContent?.trim() ?? '';
    button.disabled = Boolean(label);
    button.textContent = label ?? button.dataset.label;
  }
  form.setAttribute('aria-busy', String(Boolean(label)));
  const status = form.querySelector('[data-form-status]');
  if (status) status.textContent = label ?? '';
}

/** The form's message (above the fields, or under the login form); focused when no field took the focus. */
function showFormMessage(form: HTMLFormElement, message: string | undefined, focus = false): void {
  const element = form.querySelector<HTMLElement>('[data-form-message]');
  if (!element) return;
  element.textContent = message ?? '';
  element.hidden = !message;
  if (message && focus) element.focus();
}

/** Field errors under their fields, the rest in the form's message; the focus on the first problem. */
function showProblems(
  form: HTMLFormElement,
  errors: Record<string, string>,
  message?: string,
  focus?: string,
): void {
  const unshown = Object.values(showFieldErrors(form, errors));
  const text = [message, ...unshown].filter(Boolean).join(' ') || undefined;
  const fieldFocused = Object.keys(errors).length > unshown.length;
  if (!fieldFocused && focus) form.querySelector<HTMLElement>(`[name="${CSS.escape(focus)}"]`)?.focus();
  showFormMessage(form, text, !fieldFocused && !focus);
}

function showDone(form: HTMLFormElement): void {
  const panel = form.closest('[data-form-section]')?.querySelector<HTMLElement>('[data-form-done]');
  if (!panel) return;
  form.hidden = true;
  panel.hidden = false;
  focusHeading(panel);
}

/** The reset link cannot be used: its panel replaces the form. */
export function showInvalidLink(form: HTMLFormElement): void {
  const panel = form.closest('[data-form-section]')?.querySelector<HTMLElement>('[data-reset-invalid]');
  if (!panel) return;
  form.hidden = true;
  panel.hidden = false;
  focusHeading(panel);
}

// ---- sending -----------------------------------------------------------------------------------------------

/** Where a login sends the visitor: `?next=` when it is a path of this site, else the account overview. */
function afterLoginPath(form: HTMLFormElement): string {
  const next = new URLSearchParams(window.location.search).get('next');
  return safeNextPath(next) ?? paths.account(audienceOf(form));
}

async function logIn(credentials: Credentials): Promise<void> {
  await afterLogin(await login(islandApi(), credentials, validCartToken()));
}

/** Sends a checked form; resolves when its outcome is on the page. Throws what the call refused. */
async function send(form: HTMLFormElement, kind: AuthFormKind, body: object, botCheck?: string) {
  const api = islandApi();
  switch (kind) {
    case 'login': {
      await logIn(body as Credentials);
      window.location.assign(afterLoginPath(form));
      return;
    }
    case 'sign-up': {
      const registration = { ...body, bot_check: botCheck } as Parameters<typeof register>[1];
      await register(api, registration);
      // The account exists (or already existed: the answer is the same): log in with what was typed. A refusal
      // here (an existing account with another password) still shows "check your inbox", as the e-mail says.
      try {
        await logIn({ email: registration.email, password: registration.password });
        const loggedIn = form
          .closest('[data-form-section]')
          ?.querySelector<HTMLElement>('[data-signed-up-logged-in]');
        if (loggedIn) loggedIn.hidden = false;
      } catch (error) {
        if (!(error instanceof BackofficeError)) console.error(error);
      }
      showDone(form);
      return;
    }
    case 'forgotten-password':
      await forgotPassword(api, { ...body, bot_check: botCheck } as Parameters<typeof forgotPassword>[1]);
      showDone(form);
      return;
    case 'reset-password':
      await afterLogin(
        await resetPassword(api, body as Parameters<typeof resetPassword>[1], validCartToken()),
      );
      showDone(form);
      return;
    case 'profile':
      setCustomer(await updateMe(api, body as Parameters<typeof updateMe>[1]));
      showToast();
      return;
    case 'password-change':
      await changePassword(api, body as Parameters<typeof changePassword>[1]);
      form.reset();
      describeWithRequirements(form);
      showToast();
      return;
  }
}

const BUSY_LABEL: Record<AuthFormKind, () => string> = {
  login: () => authText('login.busy'),
  'sign-up': () => authText('sign_up.busy'),
  'forgotten-password': () => authText('forgotten.busy'),
  'reset-password': () => authText('reset.busy'),
  profile: () => authText('profile.busy'),
  'password-change': () => authText('profile.busy'),
};

const sending = new WeakSet<HTMLFormElement>();

/** Checks and sends the form; every outcome is shown on the page. */
export async function submit(form: HTMLFormElement): Promise<void> {
  const kind = kindOf(form);
  if (!kind || sending.has(form)) return;
  sending.add(form);
  try {
    showFormMessage(form, undefined);
    const checked = check(form, kind);
    if (kind === 'reset-password' && !linkToken()) {
      showInvalidLink(form);
      return;
    }
    if (!checked.body) {
      showProblems(form, checked.errors, checked.message, checked.focus);
      return;
    }
    const action = BOT_CHECKED[kind];
    let botCheck: string | undefined;
    if (action) {
      setBusy(form, authText('sign_up.verifying'));
      try {
        botCheck = await solveBotCheck(action);
      } catch (error) {
        if (!(error instanceof BotCheckError || error instanceof BackofficeError)) console.error(error);
        showFormMessage(
          form,
          error instanceof BotCheckError ? error.message : authText('error.failed'),
          true,
        );
        showToast({ kind: 'danger' });
        return;
      }
    }
    setBusy(form, BUSY_LABEL[kind]());
    try {
      await send(form, kind, checked.body, botCheck);
    } catch (error) {
      if (!(error instanceof BackofficeError)) console.error(error);
      const refusal = refusalOf(kind, error, authText('error.failed'), mappingOf(form));
      if (refusal.invalidToken && kind === 'reset-password') showInvalidLink(form);
      else showProblems(form, refusal.errors, refusal.message);
      // Forms without a page to go to say so in a toast too (spec: the profile's "An unknown error…").
      if (kind === 'profile' || kind === 'password-change') showToast({ kind: 'danger' });
    }
  } finally {
    setBusy(form, undefined);
    sending.delete(form);
  }
}

// ---- binding -----------------------------------------------------------------------------------------------

function fieldNameAt(form: HTMLFormElement, target: EventTarget | null): string | undefined {
  const field = target instanceof Element ? target.closest<HTMLElement>('[data-field]') : null;
  const name = field?.dataset.field;
  return name && form.contains(field) ? fieldNameOf(name) : undefined;
}

/** Shows or clears one field's error as the rules see it now (the login's one message apart). */
function recheck(form: HTMLFormElement, kind: AuthFormKind, name: string): void {
  if (kind === 'login') return;
  const message = check(form, kind).errors[name];
  if (message) showFieldError(form, name, message);
  else clearFieldError(form, name);
}

/** Starts what the form's submission will need: the bot check's challenge, solved in the background. */
export function prepare(form: HTMLFormElement): void {
  const kind = kindOf(form);
  if (!kind || !BOT_CHECKED[kind]) return;
  try {
    prepareBotCheck();
  } catch (error) {
    // Sending tries again and reports what fails; preparing early is only a head start.
    console.error(error);
  }
}

const attached = new WeakSet<HTMLFormElement>();

/** Binds a form: submit, the live password requirements, and the live checks of its fields (live-checks.ts). */
export function attach(form: HTMLFormElement): void {
  const kind = kindOf(form);
  if (!kind || attached.has(form)) return;
  attached.add(form);
  prepare(form);
  describeWithRequirements(form);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit(form);
  });
  form.addEventListener('input', (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement && target.dataset.requirements) updateRequirements(form, target);
  });
  attachLiveChecks(form, {
    fieldAt: (target) => fieldNameAt(form, target),
    recheck: (name) => recheck(form, kind, name),
    // The confirmation follows the password it repeats once it has been judged.
    dependents: (name) => (name === CONFIRM_FIELD ? [] : [CONFIRM_FIELD]),
  });
}
