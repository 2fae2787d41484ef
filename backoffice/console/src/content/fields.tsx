/** Inputs the three content editors share: the audiences, a select, a text field bound to the form's errors. */
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  TextField,
  type TextFieldProps,
} from '@mui/material';
import { AUDIENCE_CHOICES, type Errors } from './forms.ts';

export function Field({
  name,
  errors,
  helperText,
  ...props
}: TextFieldProps & { name: string; errors: Errors }) {
  return (
    <TextField
      fullWidth
      margin="dense"
      {...props}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? helperText}
    />
  );
}

export function Choice({
  choices,
  ...props
}: TextFieldProps & { name: string; errors: Errors; choices: readonly { id: string; name: string }[] }) {
  return (
    <Field select {...props}>
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
    </Field>
  );
}

export function Audiences({
  value,
  onChange,
  errors,
  disabled,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  errors: Errors;
  disabled: boolean;
}) {
  return (
    <FormControl component="fieldset" error={Boolean(errors.audiences)} margin="dense" disabled={disabled}>
      <FormLabel component="legend">Shown to</FormLabel>
      <FormGroup row>
        {AUDIENCE_CHOICES.map((choice) => (
          <FormControlLabel
            key={choice.id}
            label={choice.name}
            control={
              <Checkbox
                checked={value.includes(choice.id)}
                onChange={(e) =>
                  onChange(
                    e.target.checked
                      ? AUDIENCE_CHOICES.map((c) => c.id).filter(
                          (id) => id === choice.id || value.includes(id),
                        )
                      : value.filter((id) => id !== choice.id),
                  )
                }
              />
            }
          />
        ))}
      </FormGroup>
      {errors.audiences && <FormHelperText>{errors.audiences}</FormHelperText>}
    </FormControl>
  );
}
