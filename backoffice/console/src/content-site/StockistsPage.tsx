/**
 * Stockists (`#/content-stockists`, `stockists:write`), published on save: found near a postcode or town as the
 * store locator finds them, edited in a dialog from the version read when it opens (only the changed fields are
 * sent; a new postcode is located by the back-office), added, and linked to their history.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  MenuItem as Option,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Title, useCanAccess, useNotify } from 'react-admin';
import { api, fieldErrors } from '../api/client.ts';
import { failureMessage } from '../ui/use-submit.ts';
import { HistoryLink } from './HistoryLink.tsx';
import { changeStockist, createStockist, oneStockist, searchStockists } from './stockist-calls.ts';
import {
  STOCKIST_TYPES,
  stockistChanges,
  stockistCreate,
  stockistForm,
  type StaffStockist,
  type StockistFormValues,
} from './stockists.ts';

function StockistDialog({
  stockist,
  onClose,
  onSaved,
}: {
  stockist?: StaffStockist;
  onClose: () => void;
  onSaved: (stockist: StaffStockist) => void;
}) {
  const notify = useNotify();
  const [values, setValues] = useState<StockistFormValues>(() => stockistForm(stockist));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const text = (field: keyof StockistFormValues, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={values[field]}
      onChange={(event) => setValues((before) => ({ ...before, [field]: event.target.value }))}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      {...extra}
    />
  );
  async function save() {
    setSaving(true);
    try {
      onSaved(
        stockist
          ? await changeStockist(api, stockist, stockistChanges(values, stockist))
          : await createStockist(api, stockistCreate(values)),
      );
    } catch (failure) {
      const byField = fieldErrors(failure);
      if (byField) setErrors({ ...byField, hours: byField.opening_hours ?? '' });
      else notify(failureMessage(failure), { type: 'error' });
    } finally {
      setSaving(false);
    }
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby="stockist-dialog" fullWidth maxWidth="sm">
      <DialogTitle id="stockist-dialog">{stockist ? `Edit ${stockist.name}` : 'New stockist'}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="stockist-form"
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {text('name', 'Name', { required: true })}
          {text('type', 'Kind of shop', {
            select: true,
            children: STOCKIST_TYPES.map((t) => (
              <Option key={t.id} value={t.id}>
                {t.name}
              </Option>
            )),
          })}
          {text('address', 'Address', { required: true })}
          {text('town', 'Town', { required: true })}
          {text('postcode', 'Postcode', {
            required: true,
            helperText: errors.postcode ?? 'A full postcode: the shop is placed on the map from it',
          })}
          {text('phone', 'Phone')}
          {text('hours', 'Opening hours', {
            multiline: true,
            minRows: 2,
            helperText: errors.hours || 'One line each, such as “Monday to Friday: 7am to 5pm”',
          })}
          <FormGroup row aria-label="Audiences">
            {(['trade', 'diy'] as const).map((field) => (
              <FormControlLabel
                key={field}
                label={field === 'trade' ? 'Trade' : 'DIY'}
                control={
                  <Checkbox
                    checked={values[field]}
                    onChange={(event) =>
                      setValues((before) => ({ ...before, [field]: event.target.checked }))
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          {errors.audiences && <Alert severity="error">{errors.audiences}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="stockist-form" variant="contained" disabled={saving}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default function StockistsPage() {
  const notify = useNotify();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'content-stockists', action: 'edit' });
  const [near, setNear] = useState('');
  const [found, setFound] = useState<StaffStockist[]>();
  const [failure, setFailure] = useState<string>();
  const [editing, setEditing] = useState<{ stockist?: StaffStockist }>();

  async function search(place = near) {
    if (!place.trim()) return;
    try {
      setFound(await searchStockists(api, place));
      setFailure(undefined);
    } catch (error) {
      setFound(undefined);
      setFailure(failureMessage(error));
    }
  }
  async function edit(id: number) {
    try {
      setEditing({ stockist: await oneStockist(api, id) });
    } catch (error) {
      notify(failureMessage(error), { type: 'error' });
    }
  }

  return (
    <Box>
      <Title title="Stockists" />
      <Card>
        <CardContent>
          <Stack
            component="form"
            direction="row"
            spacing={1}
            sx={{ alignItems: 'flex-start', mb: 2 }}
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              void search();
            }}
          >
            <TextField
              label="Postcode or town"
              value={near}
              onChange={(event) => setNear(event.target.value)}
              helperText="Stockists within 50 km, nearest first"
            />
            <Button type="submit" variant="outlined">
              Find
            </Button>
            <Box sx={{ flex: 1 }} />
            {canWrite && (
              <Button variant="contained" sx={{ flexShrink: 0 }} onClick={() => setEditing({})}>
                New stockist
              </Button>
            )}
          </Stack>
          {failure && <Alert severity="error">{failure}</Alert>}
          {found && found.length === 0 && <Typography>No stockist within 50 km.</Typography>}
          {found && found.length > 0 && (
            <ul aria-label="Stockists found" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {found.map((stockist) => (
                <li key={stockist.id}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.5 }}>
                    <Box sx={{ flex: 1 }}>
                      <Typography component="span">{stockist.name}</Typography>{' '}
                      <Typography component="span" variant="body2" color="text.secondary">
                        {stockist.address}, {stockist.town} {stockist.postcode} ·{' '}
                        {STOCKIST_TYPES.find((t) => t.id === stockist.type)?.name}
                      </Typography>
                    </Box>
                    {canWrite && (
                      <Button
                        size="small"
                        aria-label={`Edit ${stockist.name}`}
                        onClick={() => void edit(stockist.id)}
                      >
                        Edit
                      </Button>
                    )}
                    <HistoryLink resource="stockist" id={stockist.id} name={stockist.name} />
                  </Stack>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {editing && (
        <StockistDialog
          {...editing}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            setEditing(undefined);
            notify(`${saved.name} saved: live after the next build`, { type: 'success' });
            void search(near || saved.postcode);
          }}
        />
      )}
    </Box>
  );
}
