/**
 * The training registration page's own behaviour, loaded with the page (not on first focus, because the visitor
 * sees it before touching the form): the course list refreshed from `GET /training-session` (places change with
 * every registration: full and closed courses are disabled, `?session={id}` preselected when it can be booked,
 * and the page says so when no course can be), and the participant rows (add, remove, renumber, the 3–5 limits
 * and the places left). No zod: the answer is checked by `parseSessionList`.
 */
import { CLIENT, FALLBACK_LANG } from '../../lib/config.ts';
import { clearFieldError, showFieldError } from '../ui/field/field-errors.ts';
import { formsText } from './forms-text.ts';
import { renumbered, rowButtons, rowLimits, rowText } from './participants.ts';
import {
  availability,
  courseDate,
  optionLabel,
  parseSessionList,
  preselectedSession,
  sessionFromQuery,
  type CourseSession,
} from './sessions.ts';

const SESSION_FIELD = 'session_id';
/** Attributes that carry a row's index (`participants.0.first_name`, its ids and their references). */
const ROW_ATTRIBUTES = ['name', 'id', 'for', 'aria-describedby', 'data-field'] as const;

const sessionSelect = (form: HTMLFormElement) =>
  form.querySelector<HTMLSelectElement>(`select[name="${SESSION_FIELD}"]`);

// ---- participant rows ------------------------------------------------------------------------------------------

const participantsBody = (form: HTMLFormElement) => form.querySelector<HTMLElement>('[data-participants]');
const rowsOf = (body: HTMLElement) => [
  ...body.querySelectorAll<HTMLElement>('[data-participant-rows] > [data-participant-row]'),
];

function numberRow(body: HTMLElement, row: HTMLElement, index: number): void {
  for (const element of [row, ...row.querySelectorAll('*')]) {
    for (const attribute of ROW_ATTRIBUTES) {
      const value = element.getAttribute(attribute);
      if (value) element.setAttribute(attribute, renumbered(value, index));
    }
  }
  const legend = row.querySelector('[data-participant-legend]');
  if (legend) legend.textContent = rowText(body.dataset.legend ?? '', index);
  row
    .querySelector('[data-participant-remove]')
    ?.setAttribute('aria-label', rowText(body.dataset.removeLabel ?? '', index));
}

/** Enables the Add and Remove buttons within the limits and announces the count. */
export function syncRows(form: HTMLFormElement, announce = false): void {
  const body = participantsBody(form);
  if (!body) return;
  const rows = rowsOf(body);
  const { canAdd, canRemove } = rowButtons(rows.length, {
    min: Number(body.dataset.min),
    max: Number(body.dataset.max),
  });
  const add = body.querySelector<HTMLButtonElement>('[data-participant-add]');
  if (add) add.disabled = !canAdd;
  for (const button of body.querySelectorAll<HTMLButtonElement>('[data-participant-remove]'))
    button.disabled = !canRemove;
  const status = body.querySelector('[data-participants-count]');
  if (status && announce) status.textContent = formsText('participants.count', { count: rows.length });
}

function addRow(form: HTMLFormElement, body: HTMLElement): void {
  const template = body.querySelector<HTMLTemplateElement>('template[data-participant-template]');
  const list = body.querySelector('[data-participant-rows]');
  const row = template?.content.firstElementChild?.cloneNode(true);
  if (!(row instanceof HTMLElement) || !list) return;
  list.append(row);
  numberRow(body, row, rowsOf(body).length - 1);
  syncRows(form, true);
  row.querySelector<HTMLElement>('input')?.focus();
}

function removeRow(form: HTMLFormElement, body: HTMLElement, row: HTMLElement): void {
  row.remove();
  rowsOf(body).forEach((each, index) => numberRow(body, each, index));
  syncRows(form, true);
  body.querySelector<HTMLElement>('[data-participant-add]')?.focus();
}

/**
 * The chosen course in full under the select (a select shows its option cut to its width): title, date, venue and
 * the places left once known.
 */
function showSummary(form: HTMLFormElement): void {
  const summary = form.querySelector<HTMLElement>('[data-session-summary]');
  const option = sessionSelect(form)?.selectedOptions[0];
  if (!summary) return;
  summary.hidden = !option?.value;
  if (!option?.value) return;
  const { title = option.text, location = '', startsOn = '', placesLeft } = option.dataset;
  const text = formsText('session.summary', { title, date: courseDate(startsOn), location });
  const places = placesLeft === undefined ? '' : formsText('session.places', { count: Number(placesLeft) });
  summary.textContent = places ? `${text} ${places[0]?.toUpperCase()}${places.slice(1)}.` : text;
}

/** The limits of the chosen course: 3 to 5 participants, and not more than its places left. */
function applyCourseLimits(form: HTMLFormElement): void {
  showSummary(form);
  const body = participantsBody(form);
  const option = sessionSelect(form)?.selectedOptions[0];
  if (!body) return;
  const places = option?.dataset.placesLeft;
  body.dataset.max = String(rowLimits(places === undefined ? undefined : Number(places)).max);
  syncRows(form);
}

// ---- courses ---------------------------------------------------------------------------------------------------

async function fetchSessions(): Promise<CourseSession[] | undefined> {
  const params = new URLSearchParams({ lang: FALLBACK_LANG, client: CLIENT });
  const site = document.documentElement.dataset.siteId;
  if (site) params.set('site_id', site);
  try {
    const response = await fetch(`/api/v1/training-session?${params}`, {
      headers: { accept: 'application/json' },
    });
    return response.ok ? parseSessionList(await response.json()) : undefined;
  } catch {
    return undefined;
  }
}

function sessionOption(session: CourseSession): HTMLOptionElement {
  const option = document.createElement('option');
  option.value = String(session.id);
  option.textContent = optionLabel(session, formsText);
  option.disabled = availability(session) !== 'open';
  option.dataset.placesLeft = String(session.placesLeft);
  option.dataset.title = session.title;
  option.dataset.location = session.location;
  option.dataset.startsOn = session.startsOn;
  return option;
}

/** Shows "no course can be booked" instead of the form (only before the visitor typed anything). */
function showNoCourse(form: HTMLFormElement): void {
  const section = form.closest<HTMLElement>('[data-form-section]');
  const none = document.querySelector<HTMLElement>('[data-no-sessions]');
  if (!section || !none) return;
  section.hidden = true;
  none.hidden = false;
}

/**
 * Replaces the course options with the live list. On page load (`initial`) `?session=` is preselected (or its
 * problem shown) and a page with no bookable course says so; after a refused registration the visitor's choice
 * is kept as it is, so the error under it still makes sense.
 */
export async function refreshSessions(form: HTMLFormElement, initial = false): Promise<void> {
  const select = sessionSelect(form);
  if (!select) return;
  let touched = false;
  select.addEventListener('change', () => (touched = true), { once: true });
  const sessions = await fetchSessions();
  if (!sessions) return;
  const upcoming = sessions.filter((session) => Date.parse(session.startsOn) > Date.now());
  const previous = select.value;
  for (const option of [...select.options]) if (option.value !== '') option.remove();
  select.append(...upcoming.map(sessionOption));
  const keep = upcoming.find((session) => String(session.id) === previous);
  if (initial && !touched) {
    const { id, problem } = preselectedSession(window.location.search, upcoming);
    select.value = id ? String(id) : keep && availability(keep) === 'open' ? previous : '';
    if (problem) showFieldError(form, SESSION_FIELD, formsText(`session.chosen_${problem}`));
    if (!upcoming.some((session) => availability(session) === 'open')) showNoCourse(form);
  } else select.value = keep ? previous : '';
  applyCourseLimits(form);
}

// ---- binding ---------------------------------------------------------------------------------------------------

const bound = new WeakSet<HTMLFormElement>();

/** Binds the registration form of the page shown: rows, course limits, the build's preselection, live courses. */
export function setUpTrainingForm(form: HTMLFormElement): void {
  if (bound.has(form)) return;
  bound.add(form);
  const select = sessionSelect(form);
  // The build's list first: an open course the link names is chosen at once, the live list follows.
  const wanted = sessionFromQuery(window.location.search);
  const option = [...(select?.options ?? [])].find((each) => each.value === String(wanted));
  if (select && option && !option.disabled) select.value = option.value;
  showSummary(form);
  form.addEventListener('click', (event) => {
    const body = participantsBody(form);
    const target = event.target instanceof Element ? event.target : null;
    if (!body || !target) return;
    if (target.closest('[data-participant-add]')) addRow(form, body);
    const remove = target.closest('[data-participant-remove]');
    const row = remove?.closest<HTMLElement>('[data-participant-row]');
    if (row) removeRow(form, body, row);
  });
  select?.addEventListener('change', () => {
    clearFieldError(form, SESSION_FIELD);
    applyCourseLimits(form);
  });
  syncRows(form);
  void refreshSessions(form, true);
}
