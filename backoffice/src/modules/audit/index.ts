/** The public surface of the audit module: the request's recorder, its types, and the snapshot diff. */
export { diffSnapshots, MASK, type Snapshot } from './changes.ts';
export { ANONYMOUS, AuditRecorder } from './recorder.ts';
export { contentWritesBetween } from './service.ts';
export type { Actor, AuditedChange, AuditEntry, RequestTrace } from './recorder.ts';
export type { AuditChanges } from './tables.ts';
