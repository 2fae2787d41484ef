/** The selector guide modal (spec §4): questions in order, then the results page (URL `/choice-guide/…`). */
import { navigate } from 'astro:transitions/client';
import { useEffect, useId, useReducer, useState } from 'react';
import { listGuideQuestions } from '../../lib/api/catalogue.ts';
import { islandApi } from '../site/island-api.ts';
import { paths } from '../../lib/paths.ts';
import { $plan } from '../site/settings.store.ts';
import { Dialog } from '../ui/dialog/Dialog.tsx';
import './selector-guide.css';
import { text } from '../../i18n/islands-text.ts';
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

/**
 * Both audiences ask the back-office with the answers so far, so each later question offers only answers that
 * still lead to a product (spec §4 sends them for pro only; DIY too since issue 30: see docs/decisions.md).
 */
function loadQuestions(answers: Record<string, string>) {
  return listGuideQuestions(islandApi(), answers);
}

export function SelectorGuide({ onClose }: { onClose: () => void }) {
  const [state, dispatch] = useReducer(reducer, emptyGuide);
  const [failed, setFailed] = useState(false);
  const id = useId();

  useEffect(() => {
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
    const url = paths.selectorGuideResults($plan.get().target, answersBefore(state, state.questions.length));
    onClose();
    void navigate(url);
  };

  const fields = guideFields(state);
  return (
    <Dialog
      className="selector-guide"
      title={text('guide.title')}
      description={text('guide.intro')}
      closeLabel={text('guide.close')}
      onClose={onClose}
    >
      {failed && <p role="alert">{text('guide.error')}</p>}
      {fields.length === 0 && !failed && <p role="status">{text('guide.loading')}</p>}
      <form onSubmit={onSubmit}>
        {fields.map((field, index) => {
          const fieldId = `${id}-${field.technicalName}`;
          return (
            <div className="field" key={field.technicalName}>
              <label htmlFor={fieldId}>{field.label}</label>
              <select
                id={fieldId}
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
    </Dialog>
  );
}
