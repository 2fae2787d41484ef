/**
 * A how-to folder: title, address, type, audiences, summary, difficulty, duration and its steps (a title and a rich
 * text each). /admin/content-folders/create and /admin/content-folders/{id}.
 */
import { Box, Button, Stack, Typography } from '@mui/material';
import { RichTextEditor } from '../catalogue/products/RichTextEditor.tsx';
import { ContentEditor, type FieldsProps } from './ContentEditor.tsx';
import { Audiences, Choice, Field } from './fields.tsx';
import { DIFFICULTIES, folderKind, type FolderForm, type Step } from './forms.ts';

function FolderFields({ form, set, errors, disabled }: FieldsProps<FolderForm>) {
  const setStep = (index: number, step: Step) =>
    set(
      'steps',
      form.steps.map((s, i) => (i === index ? step : s)),
    );
  return (
    <>
      <Field
        label="Title"
        name="title"
        errors={errors}
        value={form.title}
        onChange={(e) => set('title', e.target.value)}
        disabled={disabled}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, gap: 1 }}>
        <Field
          label="Slug"
          name="slug"
          errors={errors}
          value={form.slug}
          onChange={(e) => set('slug', e.target.value)}
          helperText="The folder's address on the site, such as filling-a-crack"
          disabled={disabled}
        />
        <Field
          label="Folder type"
          name="type"
          errors={errors}
          value={form.type}
          onChange={(e) => set('type', e.target.value)}
          helperText="The group it is listed in, as a slug, such as repairs"
          disabled={disabled}
        />
        <Choice
          label="Difficulty"
          name="difficulty"
          errors={errors}
          choices={DIFFICULTIES}
          value={form.difficulty}
          onChange={(e) => set('difficulty', e.target.value)}
          disabled={disabled}
        />
        <Field
          label="Duration (minutes)"
          name="duration_minutes"
          errors={errors}
          value={form.duration_minutes}
          onChange={(e) => set('duration_minutes', e.target.value)}
          inputMode="numeric"
          disabled={disabled}
        />
      </Box>
      <Audiences
        value={form.audiences}
        onChange={(v) => set('audiences', v)}
        errors={errors}
        disabled={disabled}
      />
      <Field
        label="Summary"
        name="extract"
        errors={errors}
        value={form.extract}
        onChange={(e) => set('extract', e.target.value)}
        multiline
        disabled={disabled}
      />
      <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
        Steps
      </Typography>
      {form.steps.map((step, index) => {
        const n = index + 1;
        return (
          <Box key={index} sx={{ borderTop: 1, borderColor: 'divider', pt: 1, mt: 1 }}>
            <Field
              label={`Title of step ${n}`}
              name={`steps.${index}.title`}
              errors={errors}
              value={step.title}
              onChange={(e) => setStep(index, { ...step, title: e.target.value })}
              disabled={disabled}
            />
            <RichTextEditor
              label={`Text of step ${n}`}
              value={step.text}
              onChange={(html) => setStep(index, { ...step, text: html })}
              disabled={disabled}
              error={errors[`steps.${index}.text`]}
            />
            {!disabled && (
              <Stack direction="row" spacing={1}>
                <Button
                  size="small"
                  disabled={index === 0}
                  onClick={() => {
                    const steps = [...form.steps];
                    [steps[index - 1], steps[index]] = [steps[index]!, steps[index - 1]!];
                    set('steps', steps);
                  }}
                >
                  Move step {n} up
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() =>
                    set(
                      'steps',
                      form.steps.filter((_, i) => i !== index),
                    )
                  }
                >
                  Remove step {n}
                </Button>
              </Stack>
            )}
          </Box>
        );
      })}
      {!disabled && (
        <Button sx={{ mt: 1 }} onClick={() => set('steps', [...form.steps, { title: '', text: '' }])}>
          Add a step
        </Button>
      )}
    </>
  );
}

export default function FolderEditor() {
  return <ContentEditor kind={folderKind} Fields={FolderFields} />;
}
