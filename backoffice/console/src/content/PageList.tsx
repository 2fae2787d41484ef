/** CMS pages, news and careers (/admin/content-pages), drafts included. */
import { ContentList } from './ContentList.tsx';

export default function PageList() {
  return (
    <ContentList title="Pages, news and careers" resource="content-pages" newLabel="New page" withType />
  );
}
