/**
 * The description's rich-text editor: a content-editable box with a small toolbar (paragraph, headings, bold,
 * italic, lists, quote, link). It is part of the product edit screen's chunk, so it loads only with that screen;
 * what it gives back is cleaned to the back-office sanitiser's tags (rich-text.ts), so what is saved is what the
 * shop shows. docs/decisions.md says why it is not a library editor.
 */
import { Box, Button, ButtonGroup, FormHelperText, FormLabel } from '@mui/material';
import { useEffect, useId, useRef } from 'react';
import { cleanHtml } from './rich-text.ts';

interface Props {
  label: string;
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
  error?: string;
}

const TOOLS: { label: string; title: string; run: () => void }[] = [
  { label: 'P', title: 'Paragraph', run: () => document.execCommand('formatBlock', false, 'p') },
  { label: 'H2', title: 'Heading', run: () => document.execCommand('formatBlock', false, 'h2') },
  { label: 'H3', title: 'Subheading', run: () => document.execCommand('formatBlock', false, 'h3') },
  { label: 'B', title: 'Bold', run: () => document.execCommand('bold') },
  { label: 'I', title: 'Italic', run: () => document.execCommand('italic') },
  { label: '• List', title: 'Bulleted list', run: () => document.execCommand('insertUnorderedList') },
  { label: '1. List', title: 'Numbered list', run: () => document.execCommand('insertOrderedList') },
  { label: '“ ”', title: 'Quote', run: () => document.execCommand('formatBlock', false, 'blockquote') },
  {
    label: 'Link',
    title: 'Link (web page, e-mail or phone)',
    run: () => {
      const href = window.prompt('Link to (https://…, mailto:… or tel:…)');
      if (href) document.execCommand('createLink', false, href);
    },
  },
];

export function RichTextEditor({ label, value, onChange, disabled, error }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const last = useRef<string | null>(null);
  const id = useId();

  // The box is written only when the value comes from outside (first load, a re-applied version), never while
  // the person types, so the caret stays where it is.
  useEffect(() => {
    if (box.current && value !== last.current) {
      box.current.innerHTML = cleanHtml(value);
      last.current = value;
    }
  }, [value]);

  const changed = () => {
    if (!box.current) return;
    const html = cleanHtml(box.current.innerHTML);
    last.current = html;
    onChange(html);
  };

  return (
    <Box sx={{ my: 1 }}>
      <FormLabel id={`${id}-label`}>{label}</FormLabel>
      {!disabled && (
        <ButtonGroup
          size="small"
          variant="outlined"
          aria-label={`${label}: formatting`}
          sx={{ display: 'flex', my: 0.5 }}
        >
          {TOOLS.map((tool) => (
            <Button
              key={tool.label}
              // Named by its visible text (WCAG 2.5.3), described by what it does; a label of marks alone ("“ ”")
              // says nothing read aloud, so that button is named by what it does.
              title={tool.title}
              aria-label={/\p{L}/u.test(tool.label) ? undefined : tool.title}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                box.current?.focus();
                tool.run();
                changed();
              }}
            >
              {tool.label}
            </Button>
          ))}
        </ButtonGroup>
      )}
      <Box
        ref={box}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={`${id}-label`}
        aria-invalid={Boolean(error)}
        contentEditable={!disabled}
        suppressContentEditableWarning
        onInput={changed}
        onBlur={changed}
        sx={{
          minHeight: 120,
          p: 1.5,
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '& p, & ul, & ol': { my: 0.5 },
        }}
      />
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
