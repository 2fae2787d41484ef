import { MessageList } from './SubmissionList.tsx';

export default MessageList;
