import { ApplicationList } from './SubmissionList.tsx';

export default ApplicationList;
