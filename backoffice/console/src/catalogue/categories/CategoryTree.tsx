/**
 * The category tree: top-level categories and their subcategories in their shop order. A category is moved by
 * dragging it onto another (it takes that one's place, under that one's parent) or with its buttons, which work
 * from the keyboard: up, down, into the category above (as its last subcategory) and out to the top level. Each
 * move is one call from the category's version; where it landed is announced to screen readers. A name opens the
 * category's form (name, slug, description).
 */
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { CreateButton, Link, Title, TopToolbar, useCreatePath, useGetList, useNotify } from 'react-admin';
import { api } from '../../api/client.ts';
import { failureMessage } from '../../ui/use-submit.ts';
import { moveCategory, type StaffCategory } from './calls.ts';
import { announcement, buildTree, dropMove, keyboardMove, type Move, type MoveKind } from './tree.ts';

const MOVES: { kind: MoveKind; label: string }[] = [
  { kind: 'up', label: 'Move up' },
  { kind: 'down', label: 'Move down' },
  { kind: 'into', label: 'Move into the category above' },
  { kind: 'out', label: 'Move out to the top level' },
];

export default function CategoryTree() {
  const { data, refetch, isPending } = useGetList<StaffCategory>('categories', {
    pagination: { page: 1, perPage: 1000 },
  });
  const categories = data ?? [];
  const notify = useNotify();
  const createPath = useCreatePath();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const [dragged, setDragged] = useState<StaffCategory>();
  const refocus = useRef<string>(undefined);

  // After a keyboard move, the focus stays on the button used (or the category's first button still usable).
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted || busy) return;
    refocus.current = undefined;
    const [id] = wanted.split(':');
    const exact = document.querySelector<HTMLButtonElement>(`[data-move="${wanted}"]:not([disabled])`);
    const any = document.querySelector<HTMLButtonElement>(`[data-move^="${id}:"]:not([disabled])`);
    (exact ?? any)?.focus();
  }, [data, busy]);

  async function move(category: StaffCategory, to: Move | undefined, focusKey?: string) {
    if (!to || busy) return;
    setBusy(true);
    try {
      await moveCategory(api, category, to.parentId, to.position);
      // refetch answers the query's own result: `{ data, total }` for a list.
      const fresh: unknown = (await refetch()).data;
      const list = (fresh as { data?: StaffCategory[] } | undefined)?.data ?? [];
      setSaid(announcement(Array.isArray(fresh) ? (fresh as StaffCategory[]) : list, category.id));
      refocus.current = focusKey;
    } catch (error) {
      notify(failureMessage(error), { type: 'error' });
      await refetch();
    } finally {
      setBusy(false);
    }
  }

  const row = (category: StaffCategory, child: boolean) => {
    const onDrop = (event: DragEvent) => {
      event.preventDefault();
      if (dragged) void move(dragged, dropMove(categories, dragged, category));
      setDragged(undefined);
    };
    return (
      <Stack
        direction="row"
        spacing={1}
        draggable={!busy}
        onDragStart={(event) => {
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', String(category.id));
          setDragged(category);
        }}
        onDragEnd={() => setDragged(undefined)}
        onDragOver={(event) => {
          if (dragged && dragged.id !== category.id) event.preventDefault();
        }}
        onDrop={onDrop}
        sx={{
          alignItems: 'center',
          py: 0.5,
          pl: child ? 4 : 0,
          cursor: 'grab',
          '&:hover': { backgroundColor: 'action.hover' },
        }}
        data-testid={`category-${category.id}`}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Link to={createPath({ resource: 'categories', type: 'edit', id: category.id })}>
            {category.name}
          </Link>{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            /{category.slug}
          </Typography>
        </Box>
        {MOVES.map(({ kind, label }) => {
          const to = keyboardMove(categories, category, kind);
          return (
            <Button
              key={kind}
              size="small"
              variant="text"
              disabled={!to || busy}
              data-move={`${category.id}:${kind}`}
              aria-label={`${label}: ${category.name}`}
              onClick={() => void move(category, to, `${category.id}:${kind}`)}
            >
              {label.replace(' the category above', '').replace(' to the top level', '')}
            </Button>
          );
        })}
      </Stack>
    );
  };

  const tree = buildTree(categories);
  return (
    <Box>
      <Title title="Categories" />
      <TopToolbar>
        <CreateButton resource="categories" label="New category" />
      </TopToolbar>
      <Card>
        <CardContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Drag a category onto another to put it in that place, or use its buttons (they work from the
            keyboard). Changing a slug leaves a 301 from the old address.{' '}
            <Chip size="small" label={`${categories.length} categories`} />
          </Typography>
          <div role="status" aria-live="polite" style={{ position: 'absolute', left: -10000 }}>
            {said}
          </div>
          {isPending ? (
            <Typography>Loading the categories…</Typography>
          ) : (
            <ul aria-label="Category tree" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {tree.map((top) => (
                <li key={top.id} aria-label={top.name}>
                  {row(top, false)}
                  {top.children.length > 0 && (
                    <ul aria-label={`Subcategories of ${top.name}`} style={{ listStyle: 'none', padding: 0 }}>
                      {top.children.map((child) => (
                        <li key={child.id} aria-label={child.name}>
                          {row(child, true)}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
