/**
 * The header search field as an ARIA combobox (WAI-ARIA APG pattern with a grouped listbox): suggestions as
 * you type, arrows move through them, Enter opens the active one or searches, Escape closes.
 */
import type { Audience } from '../../lib/config.ts';
import { text } from '../../i18n/islands-text.ts';
import { registeredNodes } from '../ui/registered/registered-dom.ts';
import { backofficeSource, preloadBackofficeSource } from './lazy-backoffice.ts';
import { firstAnswer, pagefindSource, type PagefindApi } from './sources.ts';
import { resultsPath, SUGGEST_GROUPS, SuggestController, type SuggestState } from './suggest.ts';

let pagefind: Promise<PagefindApi> | undefined;

/** pagefind.js is only fetched when the back-office does not answer. */
function loadPagefind(): Promise<PagefindApi> {
  // A runtime path (not bundled): the index is written next to the built site.
  const url = '/pagefind/pagefind.js';
  pagefind ??= (import(/* @vite-ignore */ url) as Promise<PagefindApi & { init?: () => Promise<void> }>).then(
    async (api) => {
      await api.init?.();
      return api;
    },
  );
  // A failed load is retried on the next search instead of being remembered.
  pagefind.catch(() => {
    pagefind = undefined;
  });
  return pagefind;
}

export interface SearchBox {
  reset(): void;
}

function element<T extends Element>(tag: string, attributes: Record<string, string>, content?: string): T {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (content !== undefined) node.textContent = content;
  return node as unknown as T;
}

export function bindSearchBox(
  form: HTMLFormElement,
  audience: () => Audience,
  navigate: (url: string) => void,
): SearchBox {
  // The popup sits beside the form (HeaderSearch.astro), inside the header's search mount.
  const scope = form.closest('[data-mount="header-search"]') ?? form;
  const input = form.querySelector<HTMLInputElement>('[data-search-input]');
  const listbox = scope.querySelector<HTMLElement>('[data-search-listbox]');
  const status = scope.querySelector<HTMLElement>('[data-search-status]');
  if (!input || !listbox || !status) throw new Error('search form markup incomplete');
  // The plain form is a required field posting to the results route; with suggestions it becomes a combobox
  // and an empty search simply does nothing (spec §4) instead of a browser validation bubble.
  form.noValidate = true;
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', listbox.id);
  let options: HTMLAnchorElement[] = [];
  let active = -1;

  const setOpen = (open: boolean) => {
    listbox.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
    if (!open) setActive(-1);
  };

  const setActive = (index: number) => {
    options.forEach((option, position) => option.setAttribute('aria-selected', String(position === index)));
    active = index;
    const current = options[index];
    if (current) {
      input.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };

  const render = (state: SuggestState) => {
    listbox.replaceChildren();
    options = [];
    active = -1;
    if (state.status === 'idle') {
      status.textContent = '';
      setOpen(false);
      return;
    }
    if (state.status === 'searching' || state.status === 'failed') {
      const message = state.status === 'searching' ? text('search.searching') : text('toast.error');
      listbox.append(element('p', { class: 'suggest-status', 'data-search-searching': '' }, message));
      status.textContent = message;
      setOpen(true);
      return;
    }
    for (const name of SUGGEST_GROUPS) {
      const group = state.groups[name];
      const headingId = `${input.id}-group-${name}`;
      const section = element<HTMLElement>('div', {
        role: 'group',
        'aria-labelledby': headingId,
        class: 'suggest-group',
      });
      const heading = element('p', { id: headingId, class: 'suggest-heading', role: 'presentation' });
      heading.append(
        element('span', {}, text(`search.groups.${name}`)),
        element('span', { class: 'suggest-total' }, text('search.group_total', { count: group.total })),
      );
      section.append(heading);
      if (group.total === 0)
        section.append(
          element('p', { class: 'suggest-empty', role: 'presentation' }, text('search.no_results')),
        );
      for (const item of group.items) {
        const option = element<HTMLAnchorElement>('a', {
          role: 'option',
          id: `${input.id}-option-${options.length}`,
          href: item.url,
          'aria-selected': 'false',
          tabindex: '-1',
          class: 'suggest-option',
        });
        const title = element('span', { class: 'suggest-title' });
        title.append(...registeredNodes(item.title));
        option.append(title);
        if (item.detail) option.append(element('span', { class: 'suggest-detail' }, item.detail));
        options.push(option);
        section.append(option);
      }
      listbox.append(section);
    }
    const total = SUGGEST_GROUPS.reduce((sum, name) => sum + state.groups[name].total, 0);
    status.textContent =
      total === 0 ? text('search.no_results') : text('search.group_total', { count: total });
    setOpen(true);
  };

  const controller = new SuggestController(
    (query) => firstAnswer(backofficeSource(audience()), pagefindSource(loadPagefind, audience()))(query),
    render,
  );

  input.addEventListener('focus', preloadBackofficeSource, { once: true });
  input.addEventListener('input', () => controller.input(input.value));
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      if (listbox.hidden) {
        // Closed with Escape: the arrows reopen the list where the pattern starts.
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : options.length - 1);
        return;
      }
      const last = options.length - 1;
      if (event.key === 'ArrowDown') setActive(active >= last ? 0 : active + 1);
      else setActive(active <= 0 ? last : active - 1);
    } else if (event.key === 'Escape') {
      if (!listbox.hidden) {
        event.preventDefault();
        setOpen(false);
      }
    } else if (event.key === 'Enter' && options[active]) {
      event.preventDefault();
      navigate(options[active]?.href ?? '');
    }
  });
  listbox.addEventListener('mousedown', (event) => event.preventDefault());
  input.addEventListener('blur', () => setOpen(false));
  input.addEventListener('focus', () => {
    if (listbox.childElementCount > 0) setOpen(true);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const url = resultsPath(audience(), input.value);
    if (url) navigate(url);
  });

  return {
    reset() {
      controller.reset();
      input.value = '';
    },
  };
}
