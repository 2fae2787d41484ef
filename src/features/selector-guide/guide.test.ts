import { describe, expect, it } from 'vitest';
import type { GuideQuestion } from '../../lib/api/types.ts';
import { encodeGuideAnswers, readGuideAnswers } from '../../lib/selector-guide.ts';
import { answersBefore, canSubmit, choose, guideFields, receiveOptions, startGuide } from './guide.ts';

const option = (value: string) => ({ value, label: value.toUpperCase(), count: 1 });
const questions: GuideQuestion[] = [
  { technicalName: 'job', label: 'Job', position: 0, options: [option('crack'), option('hole')] },
  { technicalName: 'surface', label: 'Surface', position: 1, options: [option('wood'), option('plaster')] },
  { technicalName: 'use', label: 'Use', position: 2, options: [option('interior')] },
];

describe('selector guide state machine', () => {
  it('enables each question only once the one before is answered', () => {
    const state = startGuide(questions);
    expect(guideFields(state).map((field) => [field.technicalName, field.disabled])).toEqual([
      ['job', false],
      ['surface', true],
      ['use', true],
    ]);
    expect(guideFields(state)[0]?.options.map((o) => o.value)).toEqual(['crack', 'hole']);
    expect(canSubmit(state)).toBe(false);
  });

  it('asks for the next options after an answer and applies them', () => {
    const chosen = choose(startGuide(questions), 0, 'crack');
    let state = chosen.state;
    expect(chosen.reload).toBe(1);
    expect(guideFields(state)[1]).toMatchObject({ disabled: false, loading: true });
    expect(answersBefore(state, 1)).toEqual({ job: 'crack' });
    state = receiveOptions(state, 1, questions, { job: 'crack' });
    expect(guideFields(state)[1]).toMatchObject({
      loading: false,
      options: [option('wood'), option('plaster')],
    });
  });

  it('clears every later answer and option when an earlier answer changes', () => {
    let state = startGuide(questions);
    state = receiveOptions(choose(state, 0, 'crack').state, 1, questions, { job: 'crack' });
    state = receiveOptions(choose(state, 1, 'wood').state, 2, questions, { job: 'crack', surface: 'wood' });
    state = choose(state, 2, 'interior').state;
    expect(canSubmit(state)).toBe(true);

    const changed = choose(state, 0, 'hole');
    expect(changed.reload).toBe(1);
    expect(changed.state.answers).toEqual(['hole', '', '']);
    expect(changed.state.options[1]).toBeUndefined();
    expect(changed.state.options[2]).toBeUndefined();
    expect(guideFields(changed.state)[2]?.disabled).toBe(true);
    expect(canSubmit(changed.state)).toBe(false);
  });

  it('ignores options that arrive for answers that have since changed', () => {
    const first = choose(startGuide(questions), 0, 'crack').state;
    const second = choose(first, 0, 'hole').state;
    expect(receiveOptions(second, 1, questions, { job: 'crack' })).toBe(second);
  });

  it('reloads nothing after the last question or when an answer is cleared', () => {
    const state = startGuide(questions);
    expect(choose(state, 2, 'interior').reload).toBeUndefined();
    expect(choose(state, 0, '').reload).toBeUndefined();
  });
});

describe('results URL', () => {
  it('submits answers the results route decodes back (base64url, no padding)', () => {
    let state = startGuide(questions);
    state = choose(state, 0, 'crack').state;
    state = choose(state, 1, 'wood').state;
    state = choose(state, 2, 'interior').state;
    const answers = answersBefore(state, state.questions.length);
    const segment = encodeGuideAnswers(answers);
    expect(segment).toBe(
      Buffer.from('{"job":"crack","surface":"wood","use":"interior"}').toString('base64url'),
    );
    expect(readGuideAnswers(segment)).toEqual({ answers, canonical: segment });
  });
});
