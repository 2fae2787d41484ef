/**
 * A product's pictures and documents, each one call of the staff API (on the UK site). Uploads are multipart
 * (`FormData`, sent as the browser builds it); every write names the product's version it was made from and
 * answers the pictures and documents as they are after it.
 */
import { unwrap, toHttpError, type Api } from '../../api/client.ts';
import type { paths } from '../../api/schema';
import { SITE } from '../../orders/site.ts';

type MediaAnswer =
  paths['/api/v1/staff/products/{id}/media']['get']['responses'][200]['content']['application/json'];
export type ProductMediaView = MediaAnswer['data'];
export type ProductPicture = ProductMediaView['pictures'][number];
export type ProductDocument = ProductMediaView['documents'][number];
export type SheetType = ProductDocument['type'];

const query = new URLSearchParams(Object.entries(SITE).map(([k, v]) => [k, String(v)])).toString();

async function postForm(path: string, form: FormData): Promise<ProductMediaView> {
  const response = await fetch(`${path}?${query}`, {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
  });
  const body: unknown = await response.json().catch(() => ({}));
  if (!response.ok) throw toHttpError(response, body);
  return (body as MediaAnswer).data;
}

/** Where a picture lands when moved one place up (-1) or down (+1), or undefined when it cannot move that way. */
export function movedPosition(index: number, count: number, step: -1 | 1): number | undefined {
  const target = index + step;
  return target < 0 || target >= count ? undefined : target;
}

export function mediaCalls(api: Api) {
  const product = (id: number) => ({ params: { path: { id }, query: SITE } });
  const picture = (id: number, key: string) => ({ params: { path: { id, key }, query: SITE } });
  const base = (id: number) => `/api/v1/staff/products/${id}`;
  return {
    load: async (id: number) =>
      (await unwrap(api.GET('/api/v1/staff/products/{id}/media', product(id)))).data,
    uploadPicture: (id: number, version: number, file: File | undefined, alt: string) => {
      const form = new FormData();
      form.set('version', String(version));
      form.set('alt', alt);
      if (file) form.set('file', file);
      return postForm(`${base(id)}/pictures`, form);
    },
    changePicture: async (
      id: number,
      key: string,
      body: { version: number; alt?: string; position?: number },
    ) =>
      (await unwrap(api.PATCH('/api/v1/staff/products/{id}/pictures/{key}', { ...picture(id, key), body })))
        .data,
    removePicture: async (id: number, key: string, version: number) =>
      (
        await unwrap(
          api.DELETE('/api/v1/staff/products/{id}/pictures/{key}', {
            params: { path: { id, key }, query: { ...SITE, version } },
          }),
        )
      ).data,
    uploadDocument: (id: number, type: SheetType, version: number, file: File | undefined) => {
      const form = new FormData();
      form.set('version', String(version));
      if (file) form.set('file', file);
      return postForm(`${base(id)}/documents/${type}`, form);
    },
    regenerate: async (id: number, type: SheetType, version: number) =>
      (
        await unwrap(
          api.POST('/api/v1/staff/products/{id}/documents/{type}/regenerate', {
            params: { path: { id, type }, query: SITE },
            body: { version },
          }),
        )
      ).data,
  };
}

export type MediaCalls = ReturnType<typeof mediaCalls>;
