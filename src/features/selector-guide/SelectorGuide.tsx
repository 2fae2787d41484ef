/** The selector guide modal (spec §4): questions in order, then the choice-guide results page. */
import { navigate } from 'astro:transitions/client';
import { useEffect, useId, useReducer, useRef, useState } from 'react';
import { listGuideQuestions } from '../../lib/api/catalogue.ts';
import { islandApi } from '../site/island-api.ts';
import { paths } from '../../lib/paths.ts';
import { $plan } from '../site/settings.store.ts';
import './selector-guide.css';
import { text } from '../site/text.ts';
import {
  answersBefore,
  canSubmit,
  choose,
  emptyGuide,
  guideFields,
  receiveOptions,
  startGuide,
  type GuideState,
} from './guide.ts';

type Action =
  | { type: 'start'; state: GuideState }
  | { type: 'choose'; index: number; value: string }
  | {
      type: 'options';
      index: number;
      questions: Parameters<typeof receiveOptions>[2];
      askedWith: Record<string, string>;
    };

function reducer(state: GuideState, action: Action): GuideState {
  if (action.type === 'start') return action.state;
  if (action.type === 'choose') return choose(state, action.index, action.value).state;
  return receiveOptions(state, action.index, action.questions, action.askedWith);
}

/** Pro asks the back-office with the answers so far; DIY options do not depend on them (spec §4). */
function loadQuestions(answers: Record<string, string>) {
  return listGuideQuestions(islandApi(), $plan.get().target === 'pro' ? answers : {});
}

export function SelectorGuide({ onClose }: { onClose: () => void }) {
  const [state, dispatch] = useReducer(reducer, emptyGuide);
  const [failed, setFailed] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const introId = useId();

  useEffect(() => {
    dialog.current?.showModal();
    loadQuestions({})
      .then((questions) => dispatch({ type: 'start', state: startGuide(questions) }))
      .catch(() => setFailed(true));
  }, []);

  const onChange = (index: number, value: string) => {
    const { state: next, reload } = choose(state, index, value);
    dispatch({ type: 'choose', index, value });
    if (reload === undefined) return;
    const askedWith = answersBefore(next, reload);
    loadQuestions(askedWith)
      .then((questions) => dispatch({ type: 'options', index: reload, questions, askedWith }))
      .catch(() => setFailed(true));
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!canSubmit(state)) return;
    const url = paths.choiceGuide($plan.get().target, answersBefore(state, state.questions.length));
    onClose();
    void navigate(url);
  };

  // Focus stays in the modal: Tab past the last control comes back to the first, and the other way round
  // (a native modal dialog would otherwise let focus leave the page for the browser's own controls).
  const trapFocus = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [
      ...dialog.current.querySelectorAll<HTMLElement>('button:not(:disabled), select:not(:disabled)'),
    ];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const fields = guideFields(state);
  return (
    <dialog
      ref={dialog}
      className="modal selector-guide"
      aria-labelledby={titleId}
      aria-describedby={introId}
      onKeyDown={trapFocus}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal-header">
        <h2 id={titleId}>{text('guide.title')}</h2>
        <button type="button" className="modal-close" aria-label={text('guide.close')} onClick={onClose}>
          ×
        </button>
      </div>
      <p id={introId}>{text('guide.intro')}</p>
      {failed && <p role="alert">{text('guide.error')}</p>}
      {fields.length === 0 && !failed && <p role="status">{text('guide.loading')}</p>}
      <form onSubmit={onSubmit}>
        {fields.map((field, index) => {
          const id = `${titleId}-${field.technicalName}`;
          return (
            <div className="field" key={field.technicalName}>
              <label htmlFor={id}>{field.label}</label>
              <select
                id={id}
                value={field.value}
                disabled={field.disabled || field.loading}
                aria-busy={field.loading}
                onChange={(event) => onChange(index, event.target.value)}
              >
                <option value="">{field.loading ? text('guide.loading') : text('guide.choose')}</option>
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
        <button type="submit" className="button button-primary" disabled={!canSubmit(state)}>
          {text('guide.submit')}
        </button>
      </form>
    </dialog>
  );
}
