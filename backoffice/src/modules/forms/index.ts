/** The forms module's public surface: what other modules and flows use (its routes: modules/index.ts). */
export { decoyId, insertSubmission } from './service.ts';
export { deleteSubmissionsOfPerson, submissionsOfPerson, type PersonalSubmission } from './personal-data.ts';
export { unansweredMessages } from './inbox.ts';
export { applyRetention } from './retention.ts';
