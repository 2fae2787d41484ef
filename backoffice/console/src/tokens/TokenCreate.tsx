/**
 * A new machine token (owners): a name, the role it acts as, an optional expiry (UK time). The token's value is
 * shown once, with a button to copy it: the back-office keeps only its hash, so it cannot be shown again.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Create, SelectInput, SimpleForm, TextInput, maxLength, required, useRedirect } from 'react-admin';
import { TOKEN_SCOPE_CHOICES } from '../access.ts';
import { ukInstant, ukWallTime } from '../discounts/discount-form.ts';
import type { CreatedToken } from './calls.ts';

function ShownOnce({ token }: { token: CreatedToken }) {
  const redirect = useRedirect();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(token.token);
    setCopied(true);
  };
  return (
    <Box sx={{ p: 2, maxWidth: 720 }}>
      <Stack spacing={2}>
        <Typography component="h2" variant="h6">
          Token {token.name} created
        </Typography>
        <Alert severity="warning">
          Copy the token now: it will not be shown again. Keep it somewhere safe, such as the password
          manager.
        </Alert>
        <TextField
          label="Token"
          value={token.token}
          slotProps={{ input: { readOnly: true } }}
          fullWidth
          onFocus={(event) => event.target.select()}
        />
        <Stack direction="row" spacing={2}>
          <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={copy}>
            {copied ? 'Copied' : 'Copy the token'}
          </Button>
          <Button onClick={() => redirect('list', 'tokens')}>Done</Button>
        </Stack>
      </Stack>
    </Box>
  );
}

export default function TokenCreate() {
  const [created, setCreated] = useState<CreatedToken>();
  if (created) return <ShownOnce token={created} />;
  return (
    <Create
      title="New machine token"
      redirect={false}
      mutationOptions={{ onSuccess: (data) => setCreated(data as CreatedToken) }}
    >
      <SimpleForm>
        <TextInput
          source="name"
          label="Name"
          helperText="What uses it, such as the stock feed"
          validate={[required(), maxLength(120)]}
        />
        <SelectInput source="scope" label="Acts as" choices={TOKEN_SCOPE_CHOICES} validate={required()} />
        <TextInput
          source="expires_at"
          label="Expires (UK time)"
          helperText="Leave empty for a token that does not expire"
          type="datetime-local"
          format={(value: unknown) => (typeof value === 'string' && value !== '' ? ukWallTime(value) : '')}
          parse={(value: string) => (value === '' ? null : (ukInstant(value) ?? null))}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </SimpleForm>
    </Create>
  );
}
