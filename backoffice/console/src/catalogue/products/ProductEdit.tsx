/**
 * A product's edit screen: its own fields (name, descriptions with the rich-text editor, instructions,
 * characteristics typed by their definitions, categories, audiences, related products, pictograms) saved together, and each
 * pack added, changed or removed on its own, every save from the version read. A save against an older version
 * shows what changed meanwhile (theirs vs yours, field by field) and keeps everything typed: "Re-apply my changes"
 * puts it onto the new version to save again. A person without `catalogue:write` sees the product, no price and
 * no control. Pictures and documents have their own screen (#/products/{id}/media).
 */
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  InputAdornment,
  Link,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useCanAccess, useNotify } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router';
import { api, errorCode, unwrap, type ApiErrorDetails } from '../../api/client.ts';
import { HttpError } from 'react-admin';
import { failureMessage } from '../../ui/use-submit.ts';
import { SITE } from '../../orders/site.ts';
import { ukDateTime } from '../../dates.ts';
import {
  AUDIENCE_LABELS,
  changesMeanwhile,
  emptyPack,
  formKeyOf,
  formOf,
  packCreateOf,
  packErrors,
  packPatchOf,
  priceLabel,
  productPatchOf,
  rebase,
  same,
  UNIT_LABELS,
  UNITS,
  type Change,
  type Definitions,
  type FieldErrors,
  type PackForm,
  type ProductForm,
  type StaffProduct,
} from './product-form.ts';
import { cleanHtml } from './rich-text.ts';
import { PictogramPicker } from './PictogramPicker.tsx';
import { RichTextEditor } from './RichTextEditor.tsx';

interface Loaded {
  product: StaffProduct;
  base: ProductForm;
}

async function loadProduct(id: number): Promise<StaffProduct> {
  const { data } = await unwrap(
    api.GET('/api/v1/staff/products/{id}', { params: { path: { id }, query: SITE } }),
  );
  return data as StaffProduct;
}

/**
 * The product as the form holds it, its description as the editor gives it back (cleaned the same way), so that
 * only a real edit of the description counts as a change.
 */
function formFor(product: StaffProduct, definitions: Definitions): ProductForm {
  return { ...formOf(product, definitions), description: cleanHtml(product.description) };
}

/** The API's field errors as the form's keys. */
function fieldErrorsOf(error: unknown, pack?: { index: number; body: Record<string, unknown> }): FieldErrors {
  const details = error instanceof HttpError ? (error.body as ApiErrorDetails | undefined) : undefined;
  return Object.fromEntries(
    Object.entries(details?.errors ?? {}).map(([field, message]) => [formKeyOf(field, pack), message]),
  );
}

export default function ProductEdit() {
  const id = Number(useParams().id);
  const notify = useNotify();
  const { canAccess } = useCanAccess({ resource: 'products', action: 'write' });
  const writes = canAccess === true;
  const [definitions, setDefinitions] = useState<Definitions>();
  const [loaded, setLoaded] = useState<Loaded>();
  const [draft, setDraft] = useState<ProductForm>();
  const [newPacks, setNewPacks] = useState<PackForm[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState<{
    product: StaffProduct;
    theirs: ProductForm;
    changes: Change[];
  }>();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string>();

  useEffect(() => {
    let live = true;
    Promise.all([
      unwrap(api.GET('/api/v1/staff/products/definitions', { params: { query: SITE } })),
      loadProduct(id),
    ])
      .then(([{ data }, product]) => {
        if (!live) return;
        const defs = data as Definitions;
        const base = formFor(product, defs);
        setDefinitions(defs);
        setLoaded({ product, base });
        setDraft(base);
      })
      .catch((error: unknown) => live && setFailed(failureMessage(error)));
    return () => {
      live = false;
    };
  }, [id]);

  /**
   * Runs one save from the version read. Done: the product is read again and what the person typed elsewhere is
   * kept (`saved` says which part of the new form to take as saved). Stale: the conflict is shown, nothing lost.
   */
  const save = useCallback(
    async (
      write: (version: number) => Promise<unknown>,
      saved: (fresh: ProductForm, kept: ProductForm) => ProductForm,
      pack?: { index: number; body: Record<string, unknown> },
      done = 'Saved',
    ) => {
      if (!loaded || !draft || !definitions) return false;
      setBusy(true);
      try {
        await write(loaded.product.version);
        const product = await loadProduct(id);
        const fresh = formFor(product, definitions);
        setDraft(saved(fresh, rebase(loaded.base, draft, fresh)));
        setLoaded({ product, base: fresh });
        setErrors({});
        notify(done, { type: 'success' });
        return true;
      } catch (error) {
        if (errorCode(error) === 'version_conflict') {
          const product = await loadProduct(id);
          const theirs = formFor(product, definitions);
          setConflict({
            product,
            theirs,
            changes: changesMeanwhile(loaded.base, theirs, draft, definitions),
          });
        } else {
          const fields = fieldErrorsOf(error, pack);
          setErrors(fields);
          notify(failureMessage(error), { type: 'error' });
        }
        return false;
      } finally {
        setBusy(false);
      }
    },
    [definitions, draft, id, loaded, notify],
  );

  if (failed) return <Alert severity="error">{failed}</Alert>;
  if (!loaded || !draft || !definitions) return <Typography sx={{ p: 2 }}>Loading the product…</Typography>;
  const { product, base } = loaded;
  const readOnly = !writes || busy || Boolean(conflict);

  const set = <K extends keyof ProductForm>(key: K, value: ProductForm[K]) =>
    setDraft((d) => (d ? { ...d, [key]: value } : d));
  const setCharacteristic = (code: string, value: string | string[]) =>
    setDraft((d) => (d ? { ...d, caracteristics: { ...d.caracteristics, [code]: value } } : d));
  const setPack = (index: number, pack: PackForm) =>
    setDraft((d) => (d ? { ...d, packs: d.packs.map((p, i) => (i === index ? pack : p)) } : d));

  const saveProduct = async () => {
    const { body, errors: found } = productPatchOf(base, draft, definitions);
    setErrors(found);
    if (Object.keys(found).length) return;
    if (!Object.keys(body).length) {
      notify('Nothing to save: no field changed', { type: 'info' });
      return;
    }
    await save(
      (version) =>
        unwrap(
          api.PATCH('/api/v1/product/{id}', {
            params: { path: { id }, query: SITE },
            body: { ...body, version } as never,
          }),
        ),
      (fresh, kept) => ({ ...fresh, packs: kept.packs }),
      undefined,
      'Product saved',
    );
  };

  const savePack = async (index: number) => {
    const pack = draft.packs[index]!;
    const before = base.packs.find((p) => p.reference === pack.reference)!;
    const found = packErrors(pack, index, definitions, false);
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = packPatchOf(before, pack, definitions);
    if (!Object.keys(body).length) {
      notify('Nothing to save: no field of this pack changed', { type: 'info' });
      return;
    }
    await save(
      (version) =>
        unwrap(
          api.PATCH('/api/v1/product/{id}/variants/{reference}', {
            params: { path: { id, reference: pack.reference }, query: SITE },
            body: { ...body, version } as never,
          }),
        ),
      (fresh, kept) => ({
        ...kept,
        packs: kept.packs.map((p) =>
          p.reference === pack.reference ? (fresh.packs.find((f) => f.reference === p.reference) ?? p) : p,
        ),
      }),
      { index, body },
      `Pack ${pack.reference} saved`,
    );
  };

  const removePack = async (index: number) => {
    const pack = draft.packs[index]!;
    if (!window.confirm(`Remove pack ${pack.reference} (${pack.label})?`)) return;
    await save(
      (version) =>
        unwrap(
          api.DELETE('/api/v1/product/{id}/variants/{reference}', {
            params: { path: { id, reference: pack.reference }, query: SITE },
            body: { version },
          }),
        ),
      (fresh, kept) => kept,
      undefined,
      `Pack ${pack.reference} removed`,
    );
  };

  const addPack = async (index: number) => {
    const pack = newPacks[index]!;
    const key = draft.packs.length + index;
    const found = packErrors(pack, key, definitions, true);
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = packCreateOf(pack, definitions);
    const added = await save(
      (version) =>
        unwrap(
          api.POST('/api/v1/product/{id}/variants/{reference}', {
            params: { path: { id, reference: pack.reference.trim() }, query: SITE },
            body: { ...body, version } as never,
          }),
        ),
      (fresh, kept) => ({
        ...kept,
        packs: [
          ...kept.packs,
          ...fresh.packs.filter((f) => !kept.packs.some((p) => p.reference === f.reference)),
        ],
      }),
      { index: key, body },
      `Pack ${pack.reference.trim()} added`,
    );
    if (added) setNewPacks((packs) => packs.filter((_, i) => i !== index));
  };

  const reapply = () => {
    if (!conflict) return;
    setDraft(rebase(base, draft, conflict.theirs));
    setLoaded({ product: conflict.product, base: conflict.theirs });
    setConflict(undefined);
    notify('Your changes are on the new version: check them and save again', { type: 'info' });
  };

  const availability = definitions.plans
    .filter((plan) => draft.plans[String(plan.id)]?.sold)
    .map((plan) => AUDIENCE_LABELS[plan.target]);
  const characteristicOptions = (code: string) =>
    definitions.characteristics.find((c) => c.code === code)?.options ?? [];

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Title title={`Product ${product.reference}`} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1">
          {product.name}
        </Typography>
        <Chip label={`Version ${product.version}`} size="small" />
        <Typography variant="body2" color="text.secondary">
          {product.reference} · last changed {ukDateTime(product.updated_at)}
        </Typography>
        <Link component={RouterLink} to={`/products/${id}/media`}>
          Pictures and documents
        </Link>
      </Stack>

      {conflict && (
        <Alert severity="warning" sx={{ mb: 2 }} role="alert">
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 'bold' }}>
            This product changed meanwhile
          </Typography>
          <Typography variant="body2">
            Someone saved it since you opened it (now version {conflict.product.version}): your save was not
            made. Nothing you typed is lost. Here is what changed:
          </Typography>
          <Table size="small" aria-label="What changed meanwhile">
            <TableHead>
              <TableRow>
                <TableCell>Field</TableCell>
                <TableCell>Theirs (saved)</TableCell>
                <TableCell>Yours (typed)</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {conflict.changes.map((change) => (
                <TableRow key={change.field}>
                  <TableCell>{change.field}</TableCell>
                  <TableCell>{change.theirs}</TableCell>
                  <TableCell>{change.yours}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Button variant="contained" sx={{ mt: 1 }} onClick={reapply}>
            Re-apply my changes to the new version
          </Button>
        </Alert>
      )}

      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography component="h2" variant="h6" gutterBottom>
            Product
          </Typography>
          <TextField
            label="Name"
            value={draft.name}
            onChange={(e) => set('name', e.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name}
            disabled={readOnly}
            fullWidth
            margin="dense"
          />
          <TextField
            label="Short description"
            value={draft.short_description}
            onChange={(e) => set('short_description', e.target.value)}
            error={Boolean(errors.short_description)}
            helperText={errors.short_description ?? 'Shown on the product cards (500 characters at most)'}
            disabled={readOnly}
            fullWidth
            multiline
            margin="dense"
          />
          <RichTextEditor
            label="Description"
            value={draft.description}
            onChange={(html) => set('description', html)}
            disabled={readOnly}
            error={errors.description}
          />
          <TextField
            label="Instructions"
            value={draft.instructions}
            onChange={(e) => set('instructions', e.target.value)}
            error={Boolean(errors.instructions)}
            helperText={errors.instructions ?? 'One step a line'}
            disabled={readOnly}
            fullWidth
            multiline
            minRows={3}
            margin="dense"
          />

          <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
            Characteristics
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, gap: 1 }}>
            {definitions.characteristics.map((c) => {
              const key = `caracteristics.${c.code}`;
              const value = draft.caracteristics[c.code];
              return c.kind === 'number' ? (
                <TextField
                  key={c.code}
                  label={c.label}
                  value={typeof value === 'string' ? value : ''}
                  onChange={(e) => setCharacteristic(c.code, e.target.value)}
                  error={Boolean(errors[key])}
                  helperText={errors[key] ?? 'A comma or a point for decimals; empty removes it'}
                  disabled={readOnly}
                  inputMode="decimal"
                  margin="dense"
                  slotProps={{
                    input: c.unit
                      ? { endAdornment: <InputAdornment position="end">{c.unit}</InputAdornment> }
                      : {},
                  }}
                />
              ) : (
                <TextField
                  key={c.code}
                  select
                  label={c.label}
                  value={Array.isArray(value) ? value : []}
                  onChange={(e) => {
                    const chosen = e.target.value as unknown as string[] | string;
                    setCharacteristic(
                      c.code,
                      (typeof chosen === 'string' ? chosen.split(',') : chosen).sort(),
                    );
                  }}
                  error={Boolean(errors[key])}
                  helperText={errors[key]}
                  disabled={readOnly}
                  margin="dense"
                  slotProps={{ select: { multiple: true } }}
                >
                  {characteristicOptions(c.code).map((o) => (
                    <MenuItem key={o.value} value={o.value}>
                      {o.label}
                    </MenuItem>
                  ))}
                </TextField>
              );
            })}
          </Box>

          <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
            Categories and audiences
          </Typography>
          <TextField
            select
            label="Main category"
            value={draft.main_category}
            onChange={(e) => set('main_category', e.target.value)}
            error={Boolean(errors.main_category)}
            helperText={errors.main_category ?? 'The breadcrumb and the product cards name it'}
            disabled={readOnly}
            margin="dense"
            fullWidth
          >
            {definitions.categories.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            multiple
            options={definitions.categories.map((c) => String(c.id)).filter((c) => c !== draft.main_category)}
            getOptionLabel={(option) =>
              definitions.categories.find((c) => String(c.id) === option)?.name ?? option
            }
            value={draft.other_categories}
            onChange={(_, value) => set('other_categories', value)}
            disabled={readOnly}
            renderInput={(params) => <TextField {...params} label="Other categories" margin="dense" />}
          />
          <Stack
            direction="row"
            spacing={2}
            sx={{ flexWrap: 'wrap', mt: 1 }}
            role="group"
            aria-label="Audiences"
          >
            {definitions.plans.map((plan) => {
              const state = draft.plans[String(plan.id)] ?? { sold: false, promoted: false };
              const setPlan = (next: typeof state) =>
                set('plans', { ...draft.plans, [String(plan.id)]: next });
              return (
                <Box key={plan.id}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={state.sold}
                        onChange={(e) => setPlan({ ...state, sold: e.target.checked })}
                        disabled={readOnly}
                      />
                    }
                    label={`Sold to ${AUDIENCE_LABELS[plan.target]}`}
                  />
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={state.promoted}
                        onChange={(e) => setPlan({ ...state, promoted: e.target.checked })}
                        disabled={readOnly || !state.sold}
                      />
                    }
                    label={`Promoted to ${AUDIENCE_LABELS[plan.target]}`}
                  />
                </Box>
              );
            })}
          </Stack>
          {errors.plans && (
            <Typography color="error" variant="body2">
              {errors.plans}
            </Typography>
          )}
          <Typography variant="body2" sx={{ mt: 1 }}>
            Availability: {availability.length ? availability.join(' and ') : 'not on sale'}
          </Typography>
          <RelatedPicker
            value={draft.related}
            onChange={(related) => set('related', related)}
            disabled={readOnly}
            self={id}
            error={errors.related}
          />
          <PictogramPicker
            library={definitions.pictograms}
            value={draft.pictograms}
            onChange={(pictograms) => set('pictograms', pictograms)}
            disabled={readOnly}
            error={errors.pictograms}
          />
          <Typography variant="body2" sx={{ mt: 1 }}>
            {product.picture_count} {product.picture_count === 1 ? 'picture' : 'pictures'} ·{' '}
            {product.document_count} {product.document_count === 1 ? 'document' : 'documents'} (change them
            under{' '}
            <Link component={RouterLink} to={`/products/${id}/media`}>
              Pictures and documents
            </Link>
            )
          </Typography>
          {writes && (
            <Button variant="contained" sx={{ mt: 2 }} onClick={saveProduct} disabled={readOnly}>
              Save product
            </Button>
          )}
        </CardContent>
      </Card>

      <Typography component="h2" variant="h6" gutterBottom>
        Packs
      </Typography>
      {draft.packs.map((pack, index) => {
        const before = base.packs.find((p) => p.reference === pack.reference);
        return (
          <PackCard
            key={pack.reference}
            title={`Pack ${pack.reference}`}
            pack={pack}
            index={index}
            definitions={definitions}
            errors={errors}
            readOnly={readOnly}
            showPrices={writes}
            changed={!before || !same(before, pack)}
            onChange={(next) => setPack(index, next)}
            actions={
              writes && (
                <>
                  <Button variant="contained" onClick={() => savePack(index)} disabled={readOnly}>
                    Save pack {pack.reference}
                  </Button>
                  <Button color="error" onClick={() => removePack(index)} disabled={readOnly}>
                    Remove pack {pack.reference}
                  </Button>
                </>
              )
            }
          />
        );
      })}
      {newPacks.map((pack, index) => (
        <PackCard
          key={`new-${index}`}
          title="New pack"
          isNew
          pack={pack}
          index={draft.packs.length + index}
          definitions={definitions}
          errors={errors}
          readOnly={readOnly}
          showPrices={writes}
          changed
          onChange={(next) => setNewPacks((packs) => packs.map((p, i) => (i === index ? next : p)))}
          actions={
            <>
              <Button variant="contained" onClick={() => addPack(index)} disabled={readOnly}>
                Add this pack
              </Button>
              <Button onClick={() => setNewPacks((packs) => packs.filter((_, i) => i !== index))}>
                Cancel
              </Button>
            </>
          }
        />
      ))}
      {writes && (
        <Button onClick={() => setNewPacks((packs) => [...packs, emptyPack(draft)])} disabled={readOnly}>
          Add a pack
        </Button>
      )}
    </Box>
  );
}

interface PackCardProps {
  title: string;
  pack: PackForm;
  index: number;
  definitions: Definitions;
  errors: FieldErrors;
  readOnly: boolean;
  showPrices: boolean;
  changed: boolean;
  isNew?: boolean;
  onChange: (pack: PackForm) => void;
  actions: React.ReactNode;
}

function PackCard({
  title,
  pack,
  index,
  definitions,
  errors,
  readOnly,
  showPrices,
  changed,
  isNew,
  onChange,
  actions,
}: PackCardProps) {
  const key = (field: string) => `packs.${index}.${field}`;
  const field = (name: keyof PackForm, label: string, helper?: string) => (
    <TextField
      label={label}
      value={pack[name] as string}
      onChange={(e) => onChange({ ...pack, [name]: e.target.value })}
      error={Boolean(errors[key(name)])}
      helperText={errors[key(name)] ?? helper}
      disabled={readOnly}
      margin="dense"
      size="small"
    />
  );
  return (
    <Card sx={{ mb: 1 }} component="section" aria-label={title}>
      <CardContent>
        <Typography component="h3" variant="subtitle1">
          {title} {changed && !isNew && <Chip size="small" label="Not saved" color="warning" />}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: 'repeat(3, 1fr)' }, gap: 1 }}>
          {isNew ? field('reference', 'Reference', 'Such as PW-1121-50') : null}
          {field('label', 'Pack type', 'Such as 5 kg tub')}
          {field('gtin', 'GTIN', '8 to 14 digits, check digit last')}
          {field('quantity', 'Net content', 'A comma or a point for decimals')}
          <TextField
            select
            label="Unit"
            value={pack.unit}
            onChange={(e) => onChange({ ...pack, unit: e.target.value })}
            disabled={readOnly}
            margin="dense"
            size="small"
          >
            {UNITS.map((unit) => (
              <MenuItem key={unit} value={unit}>
                {UNIT_LABELS[unit]}
              </MenuItem>
            ))}
          </TextField>
          {showPrices &&
            definitions.plans
              .filter((plan) => pack.prices[String(plan.id)] !== undefined)
              .map((plan) => {
                const priceKey = key(`prices.${plan.id}`);
                return (
                  <TextField
                    key={plan.id}
                    label={priceLabel(plan)}
                    value={pack.prices[String(plan.id)]}
                    onChange={(e) =>
                      onChange({ ...pack, prices: { ...pack.prices, [String(plan.id)]: e.target.value } })
                    }
                    error={Boolean(errors[priceKey])}
                    helperText={
                      errors[priceKey] ?? (plan.prices_include_vat ? 'The shelf price' : 'Before VAT')
                    }
                    disabled={readOnly}
                    inputMode="decimal"
                    margin="dense"
                    size="small"
                  />
                );
              })}
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          {actions}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Related products: chosen by a search of names and references (the staff product list). */
function RelatedPicker({
  value,
  onChange,
  disabled,
  self,
  error,
}: {
  value: ProductForm['related'];
  onChange: (related: ProductForm['related']) => void;
  disabled: boolean;
  self: number;
  error?: string;
}) {
  const [text, setText] = useState('');
  const [options, setOptions] = useState<ProductForm['related']>([]);
  useEffect(() => {
    if (text.trim().length < 2) return;
    let live = true;
    const timer = setTimeout(() => {
      unwrap(
        api.GET('/api/v1/staff/products', { params: { query: { ...SITE, q: text.trim(), perPage: 10 } } }),
      )
        .then(
          ({ data }) =>
            live &&
            setOptions(
              data.items
                .filter((p) => p.id !== self)
                .map(({ id, name, reference }) => ({ id, name, reference })),
            ),
        )
        .catch(() => live && setOptions([]));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, self]);
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      filterOptions={(all) => all}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(p) => `${p.name} (${p.reference})`}
      onInputChange={(_, typed) => setText(typed)}
      onChange={(_, related) => onChange(related.slice(0, 10))}
      disabled={disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Related products"
          helperText={error ?? 'Up to 10: type a name or a reference'}
          error={Boolean(error)}
          margin="dense"
        />
      )}
    />
  );
}
