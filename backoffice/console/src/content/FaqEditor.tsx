/** A FAQ entry: its question, its answer (rich text), audiences and position. /admin/content-faq/create and /{id}. */
import { RichTextEditor } from '../catalogue/products/RichTextEditor.tsx';
import { ContentEditor, type FieldsProps } from './ContentEditor.tsx';
import { Audiences, Field } from './fields.tsx';
import { faqKind, type FaqForm } from './forms.ts';

function FaqFields({ form, set, errors, disabled }: FieldsProps<FaqForm>) {
  return (
    <>
      <Field
        label="Question"
        name="question"
        errors={errors}
        value={form.question}
        onChange={(e) => set('question', e.target.value)}
        disabled={disabled}
      />
      <RichTextEditor
        label="Answer"
        value={form.answer}
        onChange={(html) => set('answer', html)}
        disabled={disabled}
        error={errors.answer}
      />
      <Audiences
        value={form.audiences}
        onChange={(v) => set('audiences', v)}
        errors={errors}
        disabled={disabled}
      />
      <Field
        label="Position"
        name="position"
        errors={errors}
        value={form.position}
        onChange={(e) => set('position', e.target.value)}
        helperText="Lower numbers come first on the FAQ page"
        inputMode="numeric"
        disabled={disabled}
      />
    </>
  );
}

export default function FaqEditor() {
  return <ContentEditor kind={faqKind} Fields={FaqFields} />;
}
