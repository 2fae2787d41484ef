/**
 * The settings (`#/content-settings`): code and value, edited one by one and published on save. The spec's social
 * links are listed even when not set (a value adds them; the footer shows a social link only when its setting
 * exists); any other setting can be added by its code. Each setting links to its history.
 */
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useCanAccess, useNotify } from 'react-admin';
import { api, fieldErrors } from '../api/client.ts';
import { failureMessage } from '../ui/use-submit.ts';
import { HistoryLink } from './HistoryLink.tsx';
import { changeSetting, createSetting, listSettings, type StaffSetting } from './setting-calls.ts';
import { SETTING_CODE, settingCodes, settingName } from './settings.ts';

function SettingRow({
  code,
  setting,
  canWrite,
  onSaved,
  onFailed,
}: {
  code: string;
  setting: StaffSetting | undefined;
  canWrite: boolean;
  onSaved: (setting: StaffSetting) => void;
  onFailed: (error: unknown) => Promise<void>;
}) {
  const [value, setValue] = useState(setting?.value ?? '');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  useEffect(() => setValue(setting?.value ?? ''), [setting]);
  const name = settingName(code);
  const changed = value !== (setting?.value ?? '');

  async function save() {
    setSaving(true);
    setError(undefined);
    try {
      onSaved(setting ? await changeSetting(api, setting, value) : await createSetting(api, code, value));
    } catch (failure) {
      const byField = fieldErrors(failure);
      if (byField) setError(byField.value ?? Object.values(byField).join(' '));
      else await onFailed(failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start', py: 1 }}
      aria-label={name}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <TextField
        label={name}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        disabled={!canWrite}
        error={Boolean(error)}
        helperText={error ?? (setting ? code : `${code} (not set)`)}
        fullWidth
        multiline={value.length > 80}
      />
      {canWrite && (
        <Button type="submit" variant="contained" disabled={!changed || saving} aria-label={`Save ${name}`}>
          Save
        </Button>
      )}
      {setting && <HistoryLink resource="setting" id={setting.id} name={name} />}
    </Stack>
  );
}

function NewSetting({ onSaved }: { onSaved: (setting: StaffSetting) => void }) {
  const [code, setCode] = useState('');
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const notify = useNotify();
  async function add() {
    if (!SETTING_CODE.test(code)) {
      setErrors({ code: 'Lowercase letters, digits and underscores, starting with a letter' });
      return;
    }
    try {
      onSaved(await createSetting(api, code, value));
      setCode('');
      setValue('');
      setErrors({});
    } catch (failure) {
      const byField = fieldErrors(failure);
      if (byField) setErrors(byField);
      else notify(failureMessage(failure), { type: 'error' });
    }
  }
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start' }}
      aria-label="New setting"
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <TextField
        label="Code"
        value={code}
        onChange={(event) => setCode(event.target.value.trim())}
        error={Boolean(errors.code)}
        helperText={errors.code ?? 'such as phone_number'}
      />
      <TextField
        label="Value"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={Boolean(errors.value)}
        helperText={errors.value}
        fullWidth
      />
      <Button type="submit" variant="outlined" disabled={!code}>
        Add setting
      </Button>
    </Stack>
  );
}

export default function SettingsPage() {
  const notify = useNotify();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'content-settings', action: 'edit' });
  const [settings, setSettings] = useState<StaffSetting[]>();
  const [failure, setFailure] = useState<string>();

  const load = useCallback(async () => {
    try {
      setSettings(await listSettings(api));
      setFailure(undefined);
    } catch (error) {
      setFailure(failureMessage(error));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const onSaved = (saved: StaffSetting) => {
    setSettings((before) => [...(before ?? []).filter((s) => s.code !== saved.code), saved]);
    notify(`${settingName(saved.code)} saved: live after the next build`, { type: 'success' });
  };
  const onFailed = async (error: unknown) => {
    notify(failureMessage(error), { type: 'error' });
    await load();
  };

  const byCode = new Map((settings ?? []).map((s) => [s.code, s]));
  return (
    <Box>
      <Title title="Settings" />
      {failure && <Alert severity="error">{failure}</Alert>}
      {!settings && !failure && <Typography>Loading the settings…</Typography>}
      {settings && (
        <Card>
          <CardContent>
            <Typography variant="body2" color="text.secondary">
              Each setting is saved on its own and is live after the next build. A social link shows in the
              footer only when it is set.
            </Typography>
            {settingCodes([...byCode.keys()]).map((code) => (
              <SettingRow
                key={code}
                code={code}
                setting={byCode.get(code)}
                canWrite={canWrite}
                onSaved={onSaved}
                onFailed={onFailed}
              />
            ))}
            {canWrite && (
              <Box sx={{ mt: 2 }}>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  Another setting
                </Typography>
                <NewSetting onSaved={onSaved} />
              </Box>
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
