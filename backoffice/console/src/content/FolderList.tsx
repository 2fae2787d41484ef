/** How-to folders (/admin/content-folders), drafts included. */
import { ContentList } from './ContentList.tsx';

export default function FolderList() {
  return <ContentList title="How-to folders" resource="content-folders" newLabel="New folder" />;
}
