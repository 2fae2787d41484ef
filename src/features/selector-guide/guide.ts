/**
 * The selector guide's state machine (spec §4): questions in order, each enabled once the one before is
 * answered; changing an answer clears every later answer and the options of later questions, and asks for the
 * next question's options again; submit only when every question is answered.
 */
import type { FacetOption, GuideQuestion } from '../../lib/api/types.ts';
import type { GuideAnswers } from '../../lib/selector-guide.ts';

export interface GuideState {
  /** Question order and labels, from the first load. */
  questions: { technicalName: string; label: string }[];
  /** Options per question index; undefined while not loaded (or cleared). */
  options: (FacetOption[] | undefined)[];
  /** Answer per question index, '' when unanswered. */
  answers: string[];
}

export interface GuideField {
  technicalName: string;
  label: string;
  options: FacetOption[];
  value: string;
  disabled: boolean;
  loading: boolean;
}

export const emptyGuide: GuideState = { questions: [], options: [], answers: [] };

/** First load: the questions in order, with the first question's options. */
export function startGuide(questions: GuideQuestion[]): GuideState {
  const ordered = [...questions].sort((a, b) => a.position - b.position);
  return {
    questions: ordered.map(({ technicalName, label }) => ({ technicalName, label })),
    options: ordered.map((question, index) => (index === 0 ? question.options : undefined)),
    answers: ordered.map(() => ''),
  };
}

/** Answers of the questions before `index`, as the API and the route expect them. */
export function answersBefore(state: GuideState, index: number): GuideAnswers {
  const answers: GuideAnswers = {};
  state.questions.slice(0, index).forEach((question, position) => {
    const answer = state.answers[position];
    if (answer) answers[question.technicalName] = answer;
  });
  return answers;
}

/**
 * Sets the answer of question `index`, clearing all later answers and options. Returns the new state and the
 * index of the question whose options must be (re)loaded, if any.
 */
export function choose(
  state: GuideState,
  index: number,
  value: string,
): { state: GuideState; reload?: number } {
  const answers = state.answers.map((answer, position) =>
    position < index ? answer : position === index ? value : '',
  );
  const options = state.options.map((option, position) => (position <= index ? option : undefined));
  const next = index + 1;
  return {
    state: { ...state, answers, options },
    reload: value && next < state.questions.length ? next : undefined,
  };
}

/**
 * Applies freshly loaded questions for question `index`; ignored when the answers before it changed meanwhile
 * (an older, slower response).
 */
export function receiveOptions(
  state: GuideState,
  index: number,
  questions: GuideQuestion[],
  askedWith: GuideAnswers,
): GuideState {
  if (JSON.stringify(answersBefore(state, index)) !== JSON.stringify(askedWith)) return state;
  const technicalName = state.questions[index]?.technicalName;
  const question = questions.find((candidate) => candidate.technicalName === technicalName);
  const options = [...state.options];
  options[index] = question?.options ?? [];
  return { ...state, options };
}

export function guideFields(state: GuideState): GuideField[] {
  return state.questions.map((question, index) => {
    const disabled = index > 0 && !state.answers[index - 1];
    return {
      ...question,
      options: state.options[index] ?? [],
      value: state.answers[index] ?? '',
      disabled,
      loading: !disabled && state.options[index] === undefined,
    };
  });
}

export function canSubmit(state: GuideState): boolean {
  return state.questions.length > 0 && state.answers.every(Boolean);
}
