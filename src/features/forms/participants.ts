/**
 * The participant rows of the training registration (spec §9: 3 to 5 per registration). Each row's fields are
 * named after their body path (`participants.0.first_name`), so the shared schema's issues and the back-office's
 * field errors land under the right row; removing a row renumbers the ones after it. Pure.
 */
import { TRAINING } from '../../lib/config.ts';

export const PARTICIPANT_KEYS = ['first_name', 'last_name', 'function', 'email'] as const;
export type ParticipantKey = (typeof PARTICIPANT_KEYS)[number];

/** The index placeholder of the row template (`participants.__INDEX__.first_name`). */
export const INDEX_PLACEHOLDER = '__INDEX__';

/** A participant field's name: its body path. */
export function participantField(index: number | typeof INDEX_PLACEHOLDER, key: ParticipantKey): string {
  return `participants.${index}.${key}`;
}

const ROW_PATH = /participants\.(?:\d+|__INDEX__)\./g;

/** An attribute value (name, id, for, aria-describedby, data-field) of a row moved to `index`. */
export function renumbered(value: string, index: number): string {
  return value.replace(ROW_PATH, `participants.${index}.`);
}

/** `{{n}}` in a row's legend or button label → the row's number as people count (1-based). */
export function rowText(template: string, index: number): string {
  return template.replaceAll('{{n}}', String(index + 1));
}

/**
 * How many rows a registration may have: TRAINING's limits, and no more than the places left on the chosen
 * course (the back-office refuses more; a course with fewer places than the minimum is full).
 */
export function rowLimits(placesLeft?: number): { min: number; max: number } {
  const max =
    placesLeft === undefined
      ? TRAINING.maxParticipants
      : Math.max(TRAINING.minParticipants, Math.min(TRAINING.maxParticipants, placesLeft));
  return { min: TRAINING.minParticipants, max };
}

/** Whether a row can be added (disabled at the maximum) or removed (disabled at the minimum). */
export function rowButtons(count: number, limits = rowLimits()): { canAdd: boolean; canRemove: boolean } {
  return { canAdd: count < limits.max, canRemove: count > limits.min };
}
