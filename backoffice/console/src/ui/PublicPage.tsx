/** A page outside the layout, loaded on demand: react-admin's loading screen shows while its code arrives. */
import { Suspense, type ComponentType } from 'react';
import { Loading } from 'react-admin';

export function PublicPage({ page: Page }: { page: ComponentType }) {
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}
