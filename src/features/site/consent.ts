/**
 * Cookie consent (spec §9: analytics, ad pixels, video embeds) with vanilla-cookieconsent. The library and its
 * stylesheet load only when a choice is needed (no consent cookie yet) or asked for (cookie settings); on other
 * visits the stored choice is read from its cookie, checked for its shape. The library's URL is exported for
 * HeadBoot.astro.
 */
import { atom } from 'nanostores';
import type * as CookieConsent from 'vanilla-cookieconsent';
// The library's self-contained ES module as a file of its own: HeadBoot.astro fetches the same URL from the
// <head> on a first visit, so the banner does not wait for this script to ask for it.
import consentLibraryUrl from 'vanilla-cookieconsent/dist/cookieconsent.esm.js?url';
import { arrayOf, isString, objectOf, parseJson } from './guards.ts';
import { text } from '../../i18n/islands-text.ts';

export const CONSENT_CATEGORIES = ['necessary', 'analytics', 'ads', 'video'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** vanilla-cookieconsent's default cookie. */
export const CONSENT_COOKIE = 'cc_cookie';

const isConsentCookie = objectOf({ categories: arrayOf(isString) });

/** Categories accepted in the stored cookie; undefined when the visitor has not chosen yet. */
export function readConsent(cookieHeader: string): ConsentCategory[] | undefined {
  const raw = cookieHeader
    .split('; ')
    .find((entry) => entry.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1);
  if (!raw) return undefined;
  let json: string;
  try {
    json = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  const parsed = parseJson(json, isConsentCookie);
  return parsed && CONSENT_CATEGORIES.filter((category) => parsed.categories.includes(category));
}

export const $consent = atom<ConsentCategory[] | undefined>(undefined);

export { consentLibraryUrl };

let library: Promise<typeof CookieConsent> | undefined;

function loadLibrary() {
  library ??= Promise.all([
    import(/* @vite-ignore */ consentLibraryUrl) as Promise<typeof CookieConsent>,
    import('vanilla-cookieconsent/dist/cookieconsent.css'),
  ]).then(async ([cookieConsent]) => {
    const sync = () => $consent.set(readConsent(document.cookie));
    await cookieConsent.run({
      categories: {
        necessary: { enabled: true, readOnly: true },
        analytics: {},
        ads: {},
        video: {},
      },
      onFirstConsent: sync,
      onChange: sync,
      guiOptions: { consentModal: { layout: 'box', position: 'bottom left' } },
      language: {
        default: 'en',
        translations: {
          en: {
            consentModal: {
              title: text('consent.title'),
              description: text('consent.description'),
              acceptAllBtn: text('consent.accept_all'),
              acceptNecessaryBtn: text('consent.reject_all'),
              showPreferencesBtn: text('consent.settings'),
            },
            preferencesModal: {
              title: text('consent.preferences_title'),
              acceptAllBtn: text('consent.accept_all'),
              acceptNecessaryBtn: text('consent.reject_all'),
              savePreferencesBtn: text('consent.save'),
              closeIconLabel: text('consent.close'),
              sections: [
                {
                  title: text('consent.necessary_title'),
                  description: text('consent.necessary_description'),
                  linkedCategory: 'necessary',
                },
                {
                  title: text('consent.analytics_title'),
                  description: text('consent.analytics_description'),
                  linkedCategory: 'analytics',
                },
                {
                  title: text('consent.ads_title'),
                  description: text('consent.ads_description'),
                  linkedCategory: 'ads',
                },
                {
                  title: text('consent.video_title'),
                  description: text('consent.video_description'),
                  linkedCategory: 'video',
                },
              ],
            },
          },
        },
      },
    });
    return cookieConsent;
  });
  return library;
}

/** On each page: use the stored choice, or show the banner when there is none. */
export function initConsent(): void {
  const stored = readConsent(document.cookie);
  $consent.set(stored);
  if (!stored) void loadLibrary();
}

export async function openConsentPreferences(): Promise<void> {
  (await loadLibrary()).showPreferences();
}

export function hasConsent(category: ConsentCategory): boolean {
  return $consent.get()?.includes(category) ?? false;
}

/** CMS video blocks are buttons with `data-youtube-id`; with video consent they become privacy-mode iframes. */
export function swapVideos(root: ParentNode): void {
  if (!hasConsent('video')) return;
  for (const button of root.querySelectorAll<HTMLElement>('[data-youtube-id]')) {
    const id = button.dataset.youtubeId ?? '';
    if (!/^[\w-]{6,20}$/.test(id)) continue;
    const iframe = document.createElement('iframe');
    iframe.src = `https://www.youtube-nocookie.com/embed/${id}`;
    iframe.title = button.dataset.youtubeTitle ?? button.textContent?.trim() ?? 'YouTube';
    iframe.allow = 'accelerometer; encrypted-media; gyroscope; picture-in-picture';
    iframe.allowFullscreen = true;
    iframe.loading = 'lazy';
    iframe.className = 'video-embed';
    button.replaceWith(iframe);
  }
}
