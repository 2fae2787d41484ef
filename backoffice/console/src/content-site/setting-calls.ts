/** The settings screen's calls: the code/value list, one setting with its id and version, create and change. */
import { unwrap, type Api } from '../api/client.ts';
import { SITE } from '../orders/site.ts';

export interface StaffSetting {
  id: number;
  code: string;
  value: string;
  version: number;
}

/** Every stored setting with its id and version (the list names codes only: each is read by its code). */
export async function listSettings(api: Api): Promise<StaffSetting[]> {
  const { data } = await unwrap(api.GET('/api/v1/setting', { params: { query: SITE } }));
  return Promise.all(
    data.map(async ({ code }) => {
      const one = await unwrap(
        api.GET('/api/v1/setting/{id}', { params: { path: { id: code }, query: SITE } }),
      );
      return one.data as StaffSetting;
    }),
  );
}

export async function createSetting(api: Api, code: string, value: string): Promise<StaffSetting> {
  const { data } = await unwrap(
    api.POST('/api/v1/setting', { params: { query: SITE }, body: { code, value } }),
  );
  return data as StaffSetting;
}

export async function changeSetting(api: Api, setting: StaffSetting, value: string): Promise<StaffSetting> {
  const { data } = await unwrap(
    api.PATCH('/api/v1/setting/{id}', {
      params: { path: { id: setting.id }, query: SITE },
      body: { version: setting.version, value },
    }),
  );
  return data as StaffSetting;
}
