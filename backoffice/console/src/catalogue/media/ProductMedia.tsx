/**
 * A product's pictures and documents (`/products/:id/media`, linked from the product's edit screen as "Pictures and
 * documents"): the pictures in order, each with its alt text, moved by buttons (keyboard) or by drag and drop, and
 * removed; a picture uploaded with its alt text (the back-office makes the sizes and formats); the technical and
 * safety data sheets, each uploaded as a PDF or regenerated from the product's data. Every change names the
 * product's version it was made from: when someone changed the product meanwhile, the page says so and shows the
 * product as it is now (what was typed stays in the fields).
 */
import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import DragIcon from '@mui/icons-material/DragIndicator';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormHelperText,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useId, useState, type DragEvent } from 'react';
import { Link, Title, useCanAccess, useNotify } from 'react-admin';
import { useParams } from 'react-router';
import { api, errorCode, fieldErrors } from '../../api/client.ts';
import { failureMessage } from '../../ui/use-submit.ts';
import {
  mediaCalls,
  movedPosition,
  type ProductDocument,
  type ProductMediaView,
  type ProductPicture,
  type SheetType,
} from './media-calls.ts';

const calls = mediaCalls(api);

const REGENERATE_LABEL: Record<SheetType, string> = {
  'technical-data-sheet': 'Regenerate data sheet',
  'safety-data-sheet': 'Regenerate safety data sheet',
};

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-GB')} KB`;

/** Runs a write; on a stale version reloads the product and says why, on field errors hands them back. */
function useWrite(id: number, setView: (view: ProductMediaView) => void) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (
      write: () => Promise<ProductMediaView>,
      done: string,
    ): Promise<Record<string, string> | undefined> => {
      setBusy(true);
      try {
        setView(await write());
        notify(done, { type: 'success' });
        return undefined;
      } catch (error) {
        if (errorCode(error) === 'version_conflict') {
          setView(await calls.load(id));
          notify(
            'Someone changed this product meanwhile: the page now shows it as it is. Please try again.',
            {
              type: 'warning',
            },
          );
          return undefined;
        }
        const errors = fieldErrors(error);
        if (!errors) notify(failureMessage(error), { type: 'error' });
        return errors ?? {};
      } finally {
        setBusy(false);
      }
    },
    [id, notify, setView],
  );
  return { run, busy };
}

export default function ProductMedia() {
  const id = Number(useParams().id);
  const [view, setView] = useState<ProductMediaView>();
  const [loadError, setLoadError] = useState<string>();
  const { canAccess, isPending } = useCanAccess({ resource: 'product-media', action: 'write' });
  const { run, busy } = useWrite(id, setView);

  useEffect(() => {
    calls.load(id).then(setView, (error: unknown) => setLoadError(failureMessage(error)));
  }, [id]);

  if (isPending) return null;
  if (!canAccess)
    return <Alert severity="info">Your role does not manage product pictures and documents.</Alert>;
  if (loadError) return <Alert severity="error">{loadError}</Alert>;
  if (!view) return <Typography>Loading…</Typography>;

  return (
    <Stack spacing={2} sx={{ mt: 2, maxWidth: 960 }}>
      <Title title={`Pictures and documents: ${view.name}`} />
      <Typography variant="h5" component="h1">
        Pictures and documents: {view.name} ({view.reference})
      </Typography>
      <Link to={`/products/${id}`}>Back to the product</Link>
      <Pictures view={view} run={run} busy={busy} />
      <Documents view={view} run={run} busy={busy} />
    </Stack>
  );
}

interface SectionProps {
  view: ProductMediaView;
  run: ReturnType<typeof useWrite>['run'];
  busy: boolean;
}

function Pictures({ view, run, busy }: SectionProps) {
  const [dragged, setDragged] = useState<string>();
  const move = (picture: ProductPicture, position: number) =>
    run(
      () => calls.changePicture(view.id, picture.key, { version: view.version, position }),
      'Picture moved',
    );
  const onDrop = (target: number) => (event: DragEvent) => {
    event.preventDefault();
    const picture = view.pictures.find((p) => p.key === dragged);
    setDragged(undefined);
    if (picture && picture.position !== target) void move(picture, target);
  };

  return (
    <Card component="section" aria-labelledby="pictures-heading">
      <CardContent>
        <Typography variant="h6" component="h2" id="pictures-heading">
          Pictures
        </Typography>
        <Typography variant="body2" color="text.secondary">
          The first picture is the one listings show. Move pictures with the arrows or drag them by their
          handle.
        </Typography>
        {view.pictures.length === 0 ? (
          <Typography sx={{ my: 2 }}>This product has no pictures yet.</Typography>
        ) : null}
        <Box component="ol" sx={{ listStyle: 'none', p: 0 }} aria-label="Pictures in order">
          {view.pictures.map((picture, index) => (
            <Box
              component="li"
              key={picture.key}
              draggable
              onDragStart={() => setDragged(picture.key)}
              onDragOver={(event: DragEvent) => event.preventDefault()}
              onDrop={onDrop(index)}
              sx={{
                display: 'flex',
                gap: 2,
                alignItems: 'center',
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <DragIcon aria-hidden sx={{ cursor: 'grab', color: 'text.secondary' }} />
              <img
                src={picture.webp}
                alt={picture.alt}
                width={96}
                height={96}
                style={{ objectFit: 'contain' }}
              />
              <PictureRow picture={picture} index={index} {...{ view, run, busy, move }} />
            </Box>
          ))}
        </Box>
        <PictureUpload view={view} run={run} busy={busy} />
      </CardContent>
    </Card>
  );
}

function PictureRow({
  picture,
  index,
  view,
  run,
  busy,
  move,
}: SectionProps & {
  picture: ProductPicture;
  index: number;
  move: (p: ProductPicture, to: number) => unknown;
}) {
  const [alt, setAlt] = useState(picture.alt);
  const [error, setError] = useState<string>();
  useEffect(() => setAlt(picture.alt), [picture.alt]);
  const up = movedPosition(index, view.pictures.length, -1);
  const down = movedPosition(index, view.pictures.length, 1);
  const name = picture.alt || `picture ${index + 1}`;
  const saveAlt = async () => {
    const errors = await run(
      () => calls.changePicture(view.id, picture.key, { version: view.version, alt }),
      'Alt text saved',
    );
    setError(errors?.alt);
  };
  return (
    <Stack direction="row" spacing={1} sx={{ flex: 1, alignItems: 'flex-start' }}>
      <TextField
        label={`Alt text of picture ${index + 1}`}
        value={alt}
        onChange={(event) => setAlt(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? `${picture.width ?? '?'} × ${picture.height ?? '?'} px`}
        size="small"
        sx={{ flex: 1 }}
      />
      <Button onClick={saveAlt} disabled={busy || alt === picture.alt}>
        Save alt text
      </Button>
      <IconButton
        aria-label={`Move ${name} up`}
        disabled={busy || up === undefined}
        onClick={() => up !== undefined && move(picture, up)}
      >
        <ArrowUpIcon />
      </IconButton>
      <IconButton
        aria-label={`Move ${name} down`}
        disabled={busy || down === undefined}
        onClick={() => down !== undefined && move(picture, down)}
      >
        <ArrowDownIcon />
      </IconButton>
      <Button
        color="error"
        disabled={busy}
        aria-label={`Remove ${name}`}
        onClick={() => {
          if (window.confirm(`Remove this picture (${name}) from the product?`)) {
            void run(() => calls.removePicture(view.id, picture.key, view.version), 'Picture removed');
          }
        }}
      >
        Remove
      </Button>
    </Stack>
  );
}

function PictureUpload({ view, run, busy }: SectionProps) {
  const fileId = useId();
  const [file, setFile] = useState<File>();
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [inputKey, setInputKey] = useState(0);
  const upload = async () => {
    const found = await run(() => calls.uploadPicture(view.id, view.version, file, alt), 'Picture uploaded');
    setErrors(found ?? {});
    if (!found) {
      setFile(undefined);
      setAlt('');
      setInputKey((k) => k + 1);
    }
  };
  return (
    <Box component="form" aria-label="Upload a picture" sx={{ mt: 2 }} onSubmit={(e) => e.preventDefault()}>
      <Typography variant="subtitle1" component="h3">
        Upload a picture
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', mt: 1 }}>
        <Box>
          <label htmlFor={fileId}>Picture file (JPEG, PNG or WebP, 10 MB at most)</label>
          <br />
          <input
            key={inputKey}
            id={fileId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-invalid={Boolean(errors.file)}
            onChange={(event) => setFile(event.target.files?.[0])}
          />
          {errors.file ? <FormHelperText error>{errors.file}</FormHelperText> : null}
        </Box>
        <TextField
          label="Alt text"
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
          error={Boolean(errors.alt)}
          helperText={errors.alt ?? 'What the picture shows, for people who cannot see it'}
          size="small"
          sx={{ flex: 1 }}
        />
        <Button variant="contained" disabled={busy} onClick={upload}>
          Upload picture
        </Button>
      </Stack>
    </Box>
  );
}

function Documents({ view, run, busy }: SectionProps) {
  return (
    <Card component="section" aria-labelledby="documents-heading">
      <CardContent>
        <Typography variant="h6" component="h2" id="documents-heading">
          Documents
        </Typography>
        {view.documents.map((document) => (
          <DocumentRow key={document.type} document={document} view={view} run={run} busy={busy} />
        ))}
      </CardContent>
    </Card>
  );
}

function DocumentRow({ document, view, run, busy }: SectionProps & { document: ProductDocument }) {
  const fileId = useId();
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  const [inputKey, setInputKey] = useState(0);
  const upload = async () => {
    const found = await run(
      () => calls.uploadDocument(view.id, document.type, view.version, file),
      `${document.label} uploaded`,
    );
    setError(found?.file);
    if (!found) {
      setFile(undefined);
      setInputKey((k) => k + 1);
    }
  };
  return (
    <Box sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography variant="subtitle1" component="h3">
        {document.label}
      </Typography>
      {document.url ? (
        <Typography variant="body2">
          <a href={document.url} target="_blank" rel="noreferrer">
            Open the {document.label.toLowerCase()} (PDF, {kilobytes(document.size_bytes ?? 0)})
          </a>
        </Typography>
      ) : (
        <Typography variant="body2">None yet.</Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
        <label htmlFor={fileId}>PDF file for the {document.label.toLowerCase()}</label>
        <input
          key={inputKey}
          id={fileId}
          type="file"
          accept="application/pdf"
          aria-invalid={Boolean(error)}
          onChange={(event) => setFile(event.target.files?.[0])}
        />
        <Button disabled={busy} onClick={upload}>
          Upload PDF
        </Button>
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() =>
            run(() => calls.regenerate(view.id, document.type, view.version), `${document.label} regenerated`)
          }
        >
          {REGENERATE_LABEL[document.type]}
        </Button>
      </Stack>
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Box>
  );
}
