import { SubmissionShow } from './SubmissionShow.tsx';

export default function MessageShow() {
  return <SubmissionShow resource="messages" />;
}
