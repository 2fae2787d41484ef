/** The slides screen's calls: both audiences' slides and pushes (with versions), create and change. */
import { unwrap, type Api } from '../api/client.ts';
import { SITE } from '../orders/site.ts';
import { mergeSlides, type Audience, type Slide, type slideChanges, type slideCreate } from './slides.ts';

export async function listSlides(api: Api): Promise<Slide[]> {
  const read = async (audience: Audience) =>
    (await unwrap(api.GET('/api/v1/slider', { params: { query: { ...SITE, audience, perPage: 100 } } }))).data
      .items as Slide[];
  return mergeSlides(await read('pro'), await read('part'));
}

export async function createSlide(api: Api, body: ReturnType<typeof slideCreate>): Promise<Slide> {
  return (await unwrap(api.POST('/api/v1/slider', { params: { query: SITE }, body }))).data as Slide;
}

export async function changeSlide(
  api: Api,
  slide: Slide,
  changes: ReturnType<typeof slideChanges>,
): Promise<Slide> {
  const { data } = await unwrap(
    api.PATCH('/api/v1/slider/{id}', {
      params: { path: { id: slide.id }, query: SITE },
      body: { ...changes, version: slide.version },
    }),
  );
  return data as Slide;
}
