/**
 * The dashboard's build status card (`content:read`): Queued, Building, "Live since 14:32" with what the build
 * holds, or Failed with the message that says why (the previous build still serving); a link to the Builds screen.
 */
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-admin';
import { api } from '../api/client.ts';
import { buildStatus } from './calls.ts';
import { contentsText, statusWords } from './words.ts';

export default function BuildStatusCard() {
  const { data, error } = useQuery({
    queryKey: ['build-status'],
    queryFn: () => buildStatus(api),
    refetchInterval: 5_000,
  });
  return (
    <Card variant="outlined" component="section" aria-label="The shop's build">
      <CardContent>
        <Stack spacing={1}>
          <Typography component="h2" variant="subtitle1">
            The shop's build
          </Typography>
          {error ? (
            <Typography role="alert">The build status could not be read: {error.message}</Typography>
          ) : null}
          {data ? (
            <>
              <Typography variant="h5" component="p" role="status">
                {statusWords(data).title}
              </Typography>
              {data.state === 'live' && data.current?.contents ? (
                <Typography variant="body2">Contains {contentsText(data.current.contents)}</Typography>
              ) : null}
              {data.state === 'failed' && data.newest ? (
                <>
                  <Typography variant="body2">{data.newest.message ?? 'The build failed'}</Typography>
                  {data.current ? (
                    <Typography variant="body2">The previous build is still serving.</Typography>
                  ) : null}
                </>
              ) : null}
              {data.state === 'queued' ? (
                <Typography variant="body2">A change waits for the next build.</Typography>
              ) : null}
            </>
          ) : null}
          <Link to="/builds">All builds</Link>
        </Stack>
      </CardContent>
    </Card>
  );
}
