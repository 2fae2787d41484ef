/**
 * The forms' bot check in the browser (api-contract.md "Forms and e-mail"; spec §5, §8). Whichever adapter the
 * back-office runs, a form calls `prepareBotCheck()` on its first focus and `solveBotCheck(action)` on submit, and
 * posts the string it gets as `bot_check`.
 *
 * - ALTCHA (default): the `altcha` widget's CSP-safe build (`altcha/external`: no inline styles, no blob workers),
 *   its PBKDF2 worker bundled as a file of the site, driven without being shown: an element that stays `hidden`,
 *   outside the form, given the challenge fetched with the island client and asked to `verify()`. Preparing starts
 *   solving at once, so the payload is usually ready by the time the visitor submits.
 * - reCAPTCHA v3: Google's script (`{script_url}?render={site_key}`), then `grecaptcha.execute` for the form's
 *   action at submit time, with the spec's messages when it cannot run.
 *
 * Nothing here loads before `prepareBotCheck` or `solveBotCheck` runs: the widget and its worker are dynamic imports.
 */
import { getBotCheckChallenge, type AltchaChallenge, type BotCheckAnswer } from '../../lib/api/bot-check.ts';
import { islandApi } from '../site/island-api.ts';

/** What the visitor is told when the check cannot produce a payload (spec §8 for reCAPTCHA). */
export const BOT_CHECK_MESSAGES = {
  noKey: 'No key provided',
  noVersion: 'No version provided',
  loadFailed: 'ReCaptcha error: Failed to load script',
  executeFailed: 'ReCaptcha error: Failed to execute',
  altchaFailed: 'The anti-robot check could not be completed: please try again',
} as const;

/** The bot check could not run in this browser; `message` is what the form shows. */
export class BotCheckError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BotCheckError';
  }
}

const SCRIPT_TIMEOUT_MS = 15_000;
const EXECUTE_TIMEOUT_MS = 15_000;
const WIDGET_START_TIMEOUT_MS = 10_000;
const SOLVE_TIMEOUT_MS = 30_000;
/** A solved ALTCHA payload this close to its challenge's expiry is solved again rather than sent. */
const EXPIRY_MARGIN_MS = 30_000;
/** The only algorithm the back-office issues (backoffice/src/modules/bot-check/altcha.ts). */
const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';

// ---- pure parts ------------------------------------------------------------------------------------------

/** "ReCaptcha error: Failed to execute (reason)". */
export function executeFailed(reason: string): string {
  return `${BOT_CHECK_MESSAGES.executeFailed} (${reason})`;
}

/** Why reCAPTCHA cannot run with these settings (spec §8: no key, a version other than 3), or undefined. */
export function recaptchaProblem(settings: { siteKey: string | null; version: string }): string | undefined {
  if (!settings.siteKey) return BOT_CHECK_MESSAGES.noKey;
  if (settings.version !== '3') return BOT_CHECK_MESSAGES.noVersion;
  return undefined;
}

/** The script to load: the configured URL with `render={site key}` (v3's invisible mode). */
export function recaptchaScriptSrc(scriptUrl: string, siteKey: string, base?: string): string {
  const url = new URL(scriptUrl, base);
  url.searchParams.set('render', siteKey);
  return url.toString();
}

/**
 * A form name as a reCAPTCHA action (letters, digits, `/` and `_` only): `construction-starts` →
 * `construction_starts`. The back-office maps the name it checks against the same way (bot-check/recaptcha.ts).
 */
export function recaptchaAction(name: string): string {
  return name.replace(/[^A-Za-z0-9/_]/g, '_');
}

/** Whether a payload whose challenge expires at `expiresAt` (ms) may still be sent at `now`. */
export function stillValid(expiresAt: number, now: number, marginMs = EXPIRY_MARGIN_MS): boolean {
  return expiresAt - now > marginMs;
}

/** A short reason from whatever was thrown or rejected (grecaptcha rejects with anything, even nothing). */
export function errorReason(error: unknown): string {
  const text =
    error instanceof Error
      ? error.message
      : typeof error === 'string'
        ? error
        : error == null
          ? ''
          : String(error);
  return text.trim().slice(0, 200) || 'unknown error';
}

// ---- reCAPTCHA v3 ----------------------------------------------------------------------------------------

export interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): PromiseLike<string>;
}

/** What `loadRecaptcha` needs of the document (a fake one in the unit test). */
export interface ScriptHost {
  createElement(tag: 'script'): HTMLScriptElement;
  head: { append(node: HTMLScriptElement): void };
}

/** Loads Google's script; rejects with "ReCaptcha error: Failed to load script" on an error, or a timeout. */
export function loadRecaptcha(
  src: string,
  host: ScriptHost = document,
  timeoutMs = SCRIPT_TIMEOUT_MS,
): Promise<Grecaptcha> {
  return new Promise((resolve, reject) => {
    const script = host.createElement('script');
    script.src = src;
    script.async = true;
    const fail = () => {
      clearTimeout(timer);
      script.remove();
      reject(new BotCheckError(BOT_CHECK_MESSAGES.loadFailed));
    };
    const timer = setTimeout(fail, timeoutMs);
    script.addEventListener('error', fail, { once: true });
    script.addEventListener(
      'load',
      () => {
        clearTimeout(timer);
        // `execute` arrives with the second script api.js loads; `ready` is there at once.
        const grecaptcha = (globalThis as { grecaptcha?: Partial<Grecaptcha> }).grecaptcha;
        if (typeof grecaptcha?.ready === 'function') resolve(grecaptcha as Grecaptcha);
        else fail();
      },
      { once: true },
    );
    host.head.append(script);
  });
}

/** A token for `action`; rejects with "ReCaptcha error: Failed to execute (reason)". */
export function executeRecaptcha(
  grecaptcha: Grecaptcha,
  siteKey: string,
  action: string,
  timeoutMs = EXECUTE_TIMEOUT_MS,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => {
      clearTimeout(timer);
      reject(new BotCheckError(executeFailed(errorReason(error))));
    };
    const timer = setTimeout(() => fail('timed out'), timeoutMs);
    try {
      grecaptcha.ready(() => {
        try {
          grecaptcha.execute(siteKey, { action }).then((token) => {
            clearTimeout(timer);
            if (typeof token === 'string' && token !== '') resolve(token);
            else fail('no token');
          }, fail);
        } catch (error) {
          fail(error);
        }
      });
    } catch (error) {
      fail(error);
    }
  });
}

// ---- ALTCHA ----------------------------------------------------------------------------------------------

let altchaLoaded: Promise<void> | undefined;

/** The widget's CSP-safe build and its PBKDF2 worker (a file of the site: `worker-src 'self'`), once. */
function loadAltcha(): Promise<void> {
  altchaLoaded ??= (async () => {
    const [{ default: Pbkdf2Worker }] = await Promise.all([
      import('altcha/workers/pbkdf2?worker'),
      import('altcha/external'),
    ]);
    globalThis.$altcha.algorithms.set(ALTCHA_ALGORITHM, () => new Pbkdf2Worker());
    // Set before any widget mounts: no pointer tracking (nothing asks for it), no artificial delay.
    globalThis.$altcha.defaults.set({ humanInteractionSignature: false, minDuration: 0 });
  })();
  // A failed chunk load may succeed on the next submission.
  altchaLoaded.catch(() => (altchaLoaded = undefined));
  return altchaLoaded;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Solves `challenge` with a widget nobody sees (one per challenge, removed after); resolves its payload. */
async function solveAltcha(challenge: AltchaChallenge): Promise<string> {
  await loadAltcha();
  const widget = document.createElement('altcha-widget');
  widget.hidden = true;
  const started = new Promise<void>((resolve) =>
    widget.addEventListener('load', () => resolve(), { once: true }),
  );
  document.body.append(widget);
  try {
    await within(started, WIDGET_START_TIMEOUT_MS);
    await widget.configure({
      challenge,
      auto: 'off',
      display: 'invisible',
      hideFooter: true,
      hideLogo: true,
      timeout: SOLVE_TIMEOUT_MS,
      workers: Math.min(4, Math.max(1, navigator.hardwareConcurrency || 2)),
    });
    const result = await widget.verify();
    if (!result?.payload) throw new Error('no solution');
    return result.payload;
  } finally {
    widget.remove();
  }
}

// ---- the form's calls ------------------------------------------------------------------------------------

type Prepared =
  | { provider: 'altcha'; solved: Promise<{ payload: string; expiresAt: number }> }
  | {
      provider: 'recaptcha';
      settings: Extract<BotCheckAnswer, { provider: 'recaptcha' }>;
      grecaptcha: Promise<Grecaptcha> | undefined;
    };

let prepared: Promise<Prepared> | undefined;

/** Settles quietly here: the caller of `solveBotCheck` gets the failure. */
function quietly<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

async function startPreparing(): Promise<Prepared> {
  const answer = await getBotCheckChallenge(islandApi());
  if (answer.provider === 'altcha') {
    const solved = solveAltcha(answer.challenge).then((payload) => ({
      payload,
      expiresAt: answer.expiresAt,
    }));
    return { provider: 'altcha', solved: quietly(solved) };
  }
  const grecaptcha = recaptchaProblem(answer)
    ? undefined
    : quietly(
        loadRecaptcha(recaptchaScriptSrc(answer.scriptUrl, answer.siteKey ?? '', window.location.href)),
      );
  return { provider: 'recaptcha', settings: answer, grecaptcha };
}

function prepare(): Promise<Prepared> {
  if (!prepared) {
    const attempt = quietly(startPreparing());
    prepared = attempt;
    attempt.catch(() => {
      if (prepared === attempt) prepared = undefined;
    });
  }
  return prepared;
}

/**
 * Starts the bot check in the background (fetches the challenge and solves it, or loads reCAPTCHA's script). Call
 * it on the form's first focus; calling it again does nothing until `solveBotCheck` has used what it prepared.
 */
export function prepareBotCheck(): void {
  void prepare();
}

/**
 * The value of the form body's `bot_check` for a submission of the form `action` (its name, such as `contact`).
 * Each value is good for one submission: call it again for the next. Throws a `BotCheckError` whose message is for
 * the visitor (spec §8 for reCAPTCHA), or the `BackofficeError` of the challenge call.
 */
export async function solveBotCheck(action: string): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const pending = prepare();
    const current = await pending;
    if (current.provider === 'recaptcha') {
      const problem = recaptchaProblem(current.settings);
      if (problem || !current.grecaptcha || !current.settings.siteKey) {
        throw new BotCheckError(problem ?? BOT_CHECK_MESSAGES.noKey);
      }
      const grecaptcha = await current.grecaptcha.catch((error: unknown) => {
        // The script may load next time (a network blip): start again then.
        if (prepared === pending) prepared = undefined;
        throw error;
      });
      return executeRecaptcha(grecaptcha, current.settings.siteKey, recaptchaAction(action));
    }
    // An ALTCHA challenge is good for one submission: the next one starts afresh.
    if (prepared === pending) prepared = undefined;
    const solved = await current.solved.catch(() => undefined);
    if (solved && stillValid(solved.expiresAt, Date.now())) return solved.payload;
    // Failed, or solved too long ago: once more with a new challenge.
    if (attempt >= 2) throw new BotCheckError(BOT_CHECK_MESSAGES.altchaFailed);
  }
}
