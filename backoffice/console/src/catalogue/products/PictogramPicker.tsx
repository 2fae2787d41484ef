/**
 * A product's pictograms, chosen from the site's library (a checkbox each): checking one adds it at the end, so
 * the order shown on the product page is the order they were ticked in.
 */
import { Box, Checkbox, FormControlLabel, Typography } from '@mui/material';
import type { Definitions } from './product-form.ts';

export function PictogramPicker({
  library,
  value,
  onChange,
  disabled,
  error,
}: {
  library: Definitions['pictograms'];
  value: string[];
  onChange: (keys: string[]) => void;
  disabled: boolean;
  error?: string | undefined;
}) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
      <Typography component="legend" variant="subtitle2">
        Pictograms
      </Typography>
      {library.length === 0 ? (
        <Typography variant="body2">No pictogram in the library yet.</Typography>
      ) : (
        library.map((pictogram) => (
          <FormControlLabel
            key={pictogram.key}
            control={
              <Checkbox
                checked={value.includes(pictogram.key)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...value, pictogram.key]
                      : value.filter((key) => key !== pictogram.key),
                  )
                }
                disabled={disabled}
              />
            }
            label={pictogram.title}
          />
        ))
      )}
      {error && (
        <Typography color="error" variant="body2">
          {error}
        </Typography>
      )}
    </Box>
  );
}
