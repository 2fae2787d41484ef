/** FAQ entries (/admin/content-faq), drafts included. */
import { ContentList } from './ContentList.tsx';

export default function FaqList() {
  return (
    <ContentList title="FAQ entries" resource="content-faq" newLabel="New FAQ entry" titleLabel="Question" />
  );
}
