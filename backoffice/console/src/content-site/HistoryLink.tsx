/** The link from an editor to an entry's history (`/history/{resource}/{id}`, the editors' History screen). */
import { Button } from '@mui/material';
import { Link } from 'react-admin';

export function HistoryLink({ resource, id, name }: { resource: string; id: number; name: string }) {
  return (
    <Button size="small" component={Link} to={`/history/${resource}/${id}`} aria-label={`History of ${name}`}>
      History
    </Button>
  );
}
