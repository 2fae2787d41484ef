/**
 * The storefront's build status as the back-office records it (issue 26), read with the tooling key: specs that
 * count builds first wait until the shop serves the content as it is (no build running or queued from a spec before).
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { consoleStack } from './stack.ts';

const key = { 'x-api-key': consoleStack.apiKey! };

export interface BuildStatus {
  state: string;
  content_version: number;
  build_id: string | null;
  current: { id: string; contents: { products: number } | null } | null;
  newest: { id: string; status: string; message: string | null; content_version: number } | null;
}

export async function buildStatus(api: APIRequestContext): Promise<BuildStatus> {
  const answer = await api.get('/api/v1/staff/builds/current', { headers: key });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()).data;
}

/** Waits for the shop to serve a good build of the content as it is now (the launcher reports "live"). */
export async function liveWithCurrentContent(
  api: APIRequestContext,
  timeout = 120_000,
): Promise<BuildStatus> {
  await expect
    .poll(
      async () => {
        const status = await buildStatus(api);
        return status.state === 'live' && status.newest?.content_version === status.content_version;
      },
      { timeout, intervals: [1_000] },
    )
    .toBe(true);
  return buildStatus(api);
}
