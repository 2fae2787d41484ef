/**
 * Cookie consent (spec §9: analytics, ad pixels, video embeds). The banner is the page's own markup
 * (ConsentBanner.astro), drawn with the page, so a first visit does not wait for a library to show it; HeadBoot.astro
 * hides it before the first paint when a choice is stored. vanilla-cookieconsent (and its stylesheet) loads only
 * when the visitor answers or opens the cookie settings: it writes the choice in its cookie, which is read back
 * here, checked for its shape.
 */
import { atom } from 'nanostores';
import type * as CookieConsent from 'vanilla-cookieconsent';
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

let library: Promise<typeof CookieConsent> | undefined;

function loadLibrary() {
  library ??= Promise.all([
    import('vanilla-cookieconsent'),
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
      // The page draws its own banner (ConsentBanner.astro); the library keeps the choice and the preferences.
      autoShow: false,
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

/**
 * The attribute HeadBoot.astro sets on <html> when no banner is needed: a stored choice, or an automated browser
 * (crawlers; the library's own `hideFromBots` default, which would not record a choice from them anyway).
 */
export const CONSENT_KNOWN_ATTRIBUTE = 'data-consent-known';

/** Shows the page's banner while no choice is stored (again after a ClientRouter swap, which resets <html>). */
export function renderConsentBanner(): void {
  const known = $consent.get() !== undefined || navigator.webdriver;
  document.documentElement.toggleAttribute(CONSENT_KNOWN_ATTRIBUTE, known);
}

/** On each page: use the stored choice; the banner shows while there is none. */
export function initConsent(): void {
  $consent.set(readConsent(document.cookie));
  renderConsentBanner();
}

/**
 * The visitor's answer from the banner: all categories, or the necessary ones only. The library stores it; its
 * `onFirstConsent` updates `$consent`, which hides the banner.
 */
export async function chooseConsent(choice: 'all' | 'necessary'): Promise<void> {
  (await loadLibrary()).acceptCategory(choice === 'all' ? 'all' : []);
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
