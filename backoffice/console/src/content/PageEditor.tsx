/**
 * A CMS page, a news item or a vacancy (careers: with the job's contract, place, department, experience and
 * salary): title, address, audiences, summary and its sections (a heading and a rich text each; a picture or video
 * section is kept as it is). /admin/content-pages/create and /admin/content-pages/{id}.
 */
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { RichTextEditor } from '../catalogue/products/RichTextEditor.tsx';
import { ContentEditor, type FieldsProps } from './ContentEditor.tsx';
import { Audiences, Choice, Field } from './fields.tsx';
import { CONTRACTS, PAGE_TYPES, pageKind, type Block, type Job, type PageForm } from './forms.ts';

function PageFields({ form, set, errors, disabled }: FieldsProps<PageForm>) {
  const setBlock = (index: number, block: Block) =>
    set(
      'blocks',
      form.blocks.map((b, i) => (i === index ? block : b)),
    );
  const setJob = (key: keyof Job, value: string) => set('job', { ...form.job, [key]: value });
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
      <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 2fr' }, gap: 1 }}>
        <Choice
          label="Type"
          name="type"
          errors={errors}
          choices={PAGE_TYPES}
          value={form.type}
          onChange={(e) => set('type', e.target.value as PageForm['type'])}
          disabled={disabled}
        />
        <Field
          label="Slug"
          name="slug"
          errors={errors}
          value={form.slug}
          onChange={(e) => set('slug', e.target.value)}
          helperText="The page's address on the site, such as delivery-information"
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
        helperText="Shown under the title and in lists (1,000 characters at most)"
        multiline
        disabled={disabled}
      />
      {form.type === 'job' && (
        <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, my: 1 }}>
          <Typography component="legend" variant="subtitle1">
            The vacancy
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, gap: 1 }}>
            <Choice
              label="Contract"
              name="job.contract"
              errors={errors}
              choices={CONTRACTS}
              value={form.job.contract}
              onChange={(e) => setJob('contract', e.target.value)}
              disabled={disabled}
            />
            <Field
              label="Location"
              name="job.location"
              errors={errors}
              value={form.job.location}
              onChange={(e) => setJob('location', e.target.value)}
              disabled={disabled}
            />
            <Field
              label="Department"
              name="job.department"
              errors={errors}
              value={form.job.department}
              onChange={(e) => setJob('department', e.target.value)}
              disabled={disabled}
            />
            <Field
              label="Experience"
              name="job.experience"
              errors={errors}
              value={form.job.experience}
              onChange={(e) => setJob('experience', e.target.value)}
              disabled={disabled}
            />
            <Field
              label="Salary"
              name="job.salary"
              errors={errors}
              value={form.job.salary}
              onChange={(e) => setJob('salary', e.target.value)}
              helperText="Such as £32,000 a year (may be left empty)"
              disabled={disabled}
            />
          </Box>
        </Box>
      )}
      <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
        Sections
      </Typography>
      {form.blocks.map((block, index) => {
        const n = index + 1;
        return (
          <Box key={index} sx={{ borderTop: 1, borderColor: 'divider', pt: 1, mt: 1 }}>
            {block.kind === 'text' ? (
              <>
                <Field
                  label={`Heading of section ${n}`}
                  name={`blocks.${index}.titre`}
                  errors={errors}
                  value={block.titre ?? ''}
                  onChange={(e) => setBlock(index, { ...block, titre: e.target.value })}
                  helperText="May be left empty"
                  disabled={disabled}
                />
                <RichTextEditor
                  label={`Text of section ${n}`}
                  value={block.text ?? ''}
                  onChange={(html) => setBlock(index, { ...block, text: html })}
                  disabled={disabled}
                  error={errors[`blocks.${index}.text`]}
                />
              </>
            ) : (
              <Alert severity="info">
                Section {n}: a {block.kind} section{block.titre ? ` (${block.titre})` : ''}, kept as it is.
              </Alert>
            )}
            {!disabled && (
              <Stack direction="row" spacing={1}>
                <Button
                  size="small"
                  disabled={index === 0}
                  onClick={() => {
                    const blocks = [...form.blocks];
                    [blocks[index - 1], blocks[index]] = [blocks[index]!, blocks[index - 1]!];
                    set('blocks', blocks);
                  }}
                >
                  Move section {n} up
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() =>
                    set(
                      'blocks',
                      form.blocks.filter((_, i) => i !== index),
                    )
                  }
                >
                  Remove section {n}
                </Button>
              </Stack>
            )}
          </Box>
        );
      })}
      {!disabled && (
        <Button
          sx={{ mt: 1 }}
          onClick={() => set('blocks', [...form.blocks, { kind: 'text', titre: '', text: '' }])}
        >
          Add a section
        </Button>
      )}
    </>
  );
}

export default function PageEditor() {
  return <ContentEditor kind={pageKind} Fields={PageFields} />;
}
