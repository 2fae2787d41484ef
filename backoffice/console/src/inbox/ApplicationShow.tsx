import { SubmissionShow } from './SubmissionShow.tsx';

export default function ApplicationShow() {
  return <SubmissionShow resource="applications" />;
}
