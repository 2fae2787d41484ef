/**
 * The home slides and pushes screen's logic (the `slider` resource: `kind` slide or push): the list from both
 * audiences' reads, and the body of a create or of a change (only the fields that differ, the picture's WebP
 * copy dropped when its address changes).
 */
export type Audience = 'pro' | 'part';

export interface MediaRef {
  url: string;
  webp: string;
  alt: string;
  title: string;
  width: number | null;
  height: number | null;
}

export interface Slide {
  id: number;
  version: number;
  kind: 'slide' | 'push';
  audiences: string[];
  titre: string;
  text: string;
  label_link: string;
  url: string;
  cover: MediaRef;
  position: number;
}

export interface SlideFormValues {
  kind: 'slide' | 'push';
  titre: string;
  text: string;
  label_link: string;
  url: string;
  picture: string;
  alt: string;
  trade: boolean;
  diy: boolean;
  position: string;
}

export const AUDIENCE_NAMES: Record<string, string> = { pro: 'Trade', part: 'DIY' };

/** One list from the two audiences' answers: each entry once, in the site's order. */
export function mergeSlides(...lists: Slide[][]): Slide[] {
  const byId = new Map<number, Slide>();
  for (const slide of lists.flat()) byId.set(slide.id, slide);
  return [...byId.values()].toSorted((a, b) => a.position - b.position || a.id - b.id);
}

export function slideForm(slide?: Slide, kind: Slide['kind'] = 'slide'): SlideFormValues {
  return {
    kind: slide?.kind ?? kind,
    titre: slide?.titre ?? '',
    text: slide?.text ?? '',
    label_link: slide?.label_link ?? '',
    url: slide?.url ?? '',
    picture: slide?.cover.url ?? '',
    alt: slide?.cover.alt ?? '',
    trade: slide ? slide.audiences.includes('pro') : true,
    diy: slide ? slide.audiences.includes('part') : true,
    position: String(slide?.position ?? 0),
  };
}

function audiencesOf(values: SlideFormValues): Audience[] {
  return [...(values.trade ? (['pro'] as const) : []), ...(values.diy ? (['part'] as const) : [])];
}

function coverOf(values: SlideFormValues, before?: MediaRef): MediaRef {
  const url = values.picture.trim();
  const same = before && before.url === url;
  return {
    url,
    webp: same ? before.webp : '',
    alt: values.alt.trim(),
    title: same ? before.title : values.alt.trim(),
    width: same ? before.width : null,
    height: same ? before.height : null,
  };
}

/** The body of `POST /slider`. */
export function slideCreate(values: SlideFormValues) {
  return {
    kind: values.kind,
    titre: values.titre.trim(),
    text: values.text.trim(),
    label_link: values.label_link.trim(),
    url: values.url.trim(),
    cover: coverOf(values),
    audiences: audiencesOf(values),
    position: Number(values.position) || 0,
  };
}

/** The fields of `PATCH /slider/{id}` that differ from the slide as read. */
export function slideChanges(
  values: SlideFormValues,
  before: Slide,
): Partial<ReturnType<typeof slideCreate>> {
  const next = slideCreate(values);
  const cover = coverOf(values, before.cover);
  const changes: Record<string, unknown> = {};
  for (const key of ['kind', 'titre', 'text', 'label_link', 'url', 'position'] as const) {
    if (next[key] !== before[key]) changes[key] = next[key];
  }
  if (next.audiences.toSorted().join() !== before.audiences.toSorted().join())
    changes.audiences = next.audiences;
  if (JSON.stringify(cover) !== JSON.stringify(before.cover)) changes.cover = cover;
  return changes as Partial<ReturnType<typeof slideCreate>>;
}
