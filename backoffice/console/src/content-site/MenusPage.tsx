/**
 * The menus (`#/content-menus`): each menu's items as a tree, published on save. An item moves by dragging it onto
 * another (it takes that one's place) or from the keyboard alone: its buttons (up, down, into the item above, out
 * of its parent) or Alt+Arrow keys while the item or one of its buttons has the focus. Each change is one call
 * from the menu's version; where a moved item landed is announced to screen readers. Items are added, edited
 * (the spec's kinds: internal page, external address, no destination, selector guide, top products) and removed.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem as Option,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Link, Title, useCanAccess, useNotify } from 'react-admin';
import { api, fieldErrors } from '../api/client.ts';
import { failureMessage } from '../ui/use-submit.ts';
import {
  formValues,
  itemChanges,
  itemFields,
  ITEM_KINDS,
  menuName,
  type ItemFormValues,
} from './item-form.ts';
import { addMenuItem, changeMenuItem, listMenus, removeMenuItem } from './menu-calls.ts';
import {
  announcement,
  destination,
  dropMove,
  keyboardMove,
  locate,
  MAX_DEPTH,
  type MenuNode,
  type Move,
  type MoveKind,
  type StaffMenu,
} from './menu-tree.ts';

const MOVES: { kind: MoveKind; label: (name: string) => string; short: string; key: string }[] = [
  { kind: 'up', label: (name) => `Move up: ${name}`, short: 'Up', key: 'ArrowUp' },
  { kind: 'down', label: (name) => `Move down: ${name}`, short: 'Down', key: 'ArrowDown' },
  {
    kind: 'indent',
    label: (name) => `Indent ${name} into the item above`,
    short: 'Indent',
    key: 'ArrowRight',
  },
  {
    kind: 'outdent',
    label: (name) => `Outdent ${name} out of its parent`,
    short: 'Outdent',
    key: 'ArrowLeft',
  },
];

/** The item form's dialog: a new item (under `parentId`) or an existing one. */
interface Editing {
  item?: MenuNode;
  parentId: number | null;
}

function ItemDialog({
  editing,
  onClose,
  onSave,
}: {
  editing: Editing;
  onClose: () => void;
  onSave: (values: ItemFormValues) => Promise<Record<string, string> | undefined>;
}) {
  const [values, setValues] = useState<ItemFormValues>(() => formValues(editing.item));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (field: keyof ItemFormValues) => (event: { target: { value: string } }) =>
    setValues((before) => ({ ...before, [field]: event.target.value }));
  const submit = async () => {
    setSaving(true);
    setErrors((await onSave(values)) ?? {});
    setSaving(false);
  };
  const title = editing.item ? `Edit “${editing.item.label}”` : 'New menu item';
  return (
    <Dialog open onClose={onClose} aria-labelledby="menu-item-dialog" fullWidth maxWidth="sm">
      <DialogTitle id="menu-item-dialog">{title}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="menu-item-form"
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField select label="Kind" value={values.kind} onChange={set('kind')}>
            {ITEM_KINDS.map((kind) => (
              <Option key={kind.id} value={kind.id}>
                {kind.name}
              </Option>
            ))}
          </TextField>
          <TextField
            label="Label"
            required
            value={values.label}
            onChange={set('label')}
            error={Boolean(errors.label)}
            helperText={errors.label}
          />
          {values.kind === 'cms_page' && (
            <TextField
              label="Page address"
              value={values.slug}
              onChange={set('slug')}
              error={Boolean(errors.slug)}
              helperText={
                errors.slug ?? 'The address after the audience, such as about-us or category/fillers'
              }
            />
          )}
          {values.kind === 'external_url' && (
            <TextField
              label="Address"
              required
              value={values.url}
              onChange={set('url')}
              error={Boolean(errors.url)}
              helperText={errors.url ?? 'https://… (opens in a new tab), or a path of this site such as /diy'}
            />
          )}
          <TextField
            label="Colour (optional)"
            value={values.color}
            onChange={set('color')}
            error={Boolean(errors.color)}
            helperText={errors.color ?? 'A hex colour such as #1b6b4a'}
          />
          {editing.parentId === null && (
            <TextField
              label="Introduction (optional)"
              multiline
              minRows={2}
              value={values.extract}
              onChange={set('extract')}
              error={Boolean(errors.extract)}
              helperText={errors.extract}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="menu-item-form" variant="contained" disabled={saving}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function MenuTree({
  menu,
  canWrite,
  onChanged,
  onFailed,
  say,
}: {
  menu: StaffMenu;
  canWrite: boolean;
  onChanged: (menu: StaffMenu) => void;
  onFailed: (error: unknown) => Promise<void>;
  say: (sentence: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [dragged, setDragged] = useState<number>();
  const [editing, setEditing] = useState<Editing>();
  const [removing, setRemoving] = useState<MenuNode>();
  const refocus = useRef<string>(undefined);

  // After a keyboard move, the focus stays on the key used (or the item itself when that way is now closed).
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted || busy) return;
    refocus.current = undefined;
    const [id] = wanted.split(':');
    const exact = document.querySelector<HTMLElement>(`[data-focus="${wanted}"]:not([disabled])`);
    const item = document.querySelector<HTMLElement>(`[data-focus="${id}:item"]`);
    (exact ?? item)?.focus();
  }, [menu, busy]);

  async function write(call: () => Promise<StaffMenu>, sentence: (fresh: StaffMenu) => string) {
    setBusy(true);
    try {
      const fresh = await call();
      onChanged(fresh);
      say(sentence(fresh));
      return true;
    } catch (error) {
      await onFailed(error);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function move(itemId: number, to: Move | undefined, focusKey: string) {
    if (!to || busy) return;
    refocus.current = focusKey;
    await write(
      () => changeMenuItem(api, menu, itemId, to),
      (fresh) => `Moved ${announcement(fresh.items, itemId)}`,
    );
  }

  async function save(values: ItemFormValues) {
    const what = editing!;
    setBusy(true);
    try {
      const fresh = what.item
        ? await changeMenuItem(api, menu, what.item.id, itemChanges(values))
        : await addMenuItem(api, menu, {
            ...itemFields(values),
            ...(what.parentId === null ? {} : { parent_item_id: what.parentId }),
          } as Parameters<typeof addMenuItem>[2]);
      onChanged(fresh);
      say(`${what.item ? 'Saved' : 'Added'} ${values.label.trim()}: live after the next build`);
      setEditing(undefined);
      return undefined;
    } catch (error) {
      const byField = fieldErrors(error);
      if (byField) return byField;
      setEditing(undefined);
      await onFailed(error);
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  const row = (item: MenuNode, depth: number) => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!canWrite || !event.altKey) return;
      const chosen = MOVES.find((m) => m.key === event.key);
      if (!chosen) return;
      // Alt+Left is the browser's "back": the tree takes it while an item has the focus.
      event.preventDefault();
      void move(item.id, keyboardMove(menu.items, item.id, chosen.kind), `${item.id}:item`);
    };
    const onDrop = (event: DragEvent) => {
      event.preventDefault();
      if (dragged !== undefined)
        void move(dragged, dropMove(menu.items, dragged, item.id), `${dragged}:item`);
      setDragged(undefined);
    };
    const at = locate(menu.items, item.id)!;
    return (
      <Stack
        direction="row"
        spacing={1}
        draggable={canWrite && !busy}
        onKeyDown={onKeyDown}
        onDragStart={(event) => {
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', String(item.id));
          setDragged(item.id);
        }}
        onDragEnd={() => setDragged(undefined)}
        onDragOver={(event) => {
          if (dragged !== undefined && dragged !== item.id) event.preventDefault();
        }}
        onDrop={onDrop}
        sx={{
          alignItems: 'center',
          flexWrap: 'wrap',
          py: 0.5,
          pl: (depth - 1) * 4,
          cursor: canWrite ? 'grab' : undefined,
          '&:hover': { backgroundColor: 'action.hover' },
        }}
      >
        <Box
          sx={{
            flex: 1,
            minWidth: 200,
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
          }}
          tabIndex={0}
          data-focus={`${item.id}:item`}
          aria-label={`${item.label}, position ${at.index + 1} of ${at.siblings.length}${
            at.parent ? `, under ${at.parent.label}` : ''
          }${canWrite ? ' (Alt and the arrow keys move it)' : ''}`}
        >
          <Typography component="span" sx={{ fontWeight: depth === 1 ? 600 : 400 }}>
            {item.label}
          </Typography>{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            {destination(item)}
            {depth > MAX_DEPTH && ' · not shown on the site (it shows two levels)'}
          </Typography>
        </Box>
        {canWrite &&
          MOVES.map(({ kind, label, short }) => {
            const to = keyboardMove(menu.items, item.id, kind);
            return (
              <Button
                key={kind}
                size="small"
                disabled={!to || busy}
                data-focus={`${item.id}:${kind}`}
                aria-label={label(item.label)}
                onClick={() => void move(item.id, to, `${item.id}:${kind}`)}
              >
                {short}
              </Button>
            );
          })}
        {canWrite && (
          <>
            <Button
              size="small"
              aria-label={`Edit ${item.label}`}
              onClick={() => setEditing({ item, parentId: at.parent?.id ?? null })}
            >
              Edit
            </Button>
            {depth < MAX_DEPTH && (
              <Button
                size="small"
                aria-label={`Add link under ${item.label}`}
                onClick={() => setEditing({ parentId: item.id })}
              >
                Add link
              </Button>
            )}
            <Button
              size="small"
              color="error"
              aria-label={`Remove ${item.label}`}
              onClick={() => setRemoving(item)}
            >
              Remove
            </Button>
          </>
        )}
      </Stack>
    );
  };

  const list = (items: MenuNode[], depth: number, label: string) => (
    <ul aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => (
        <li key={item.id}>
          {row(item, depth)}
          {item.childs.length > 0 && list(item.childs, depth + 1, `Links under ${item.label}`)}
        </li>
      ))}
    </ul>
  );

  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {menuName(menu.code)}{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              ({menu.code}, version {menu.version})
            </Typography>
          </Typography>
          <Button component={Link} to={`/history/menu/${menu.id}`}>
            History
          </Button>
          {canWrite && (
            <Button variant="contained" onClick={() => setEditing({ parentId: null })}>
              Add item
            </Button>
          )}
        </Stack>
        {canWrite && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Drag an item onto another to put it in that place, or use its buttons or Alt and the arrow keys
            (up, down, right: into the item above, left: out of its parent). Each change is live after the
            next build.
          </Typography>
        )}
        {menu.items.length === 0 ? (
          <Typography>This menu has no items yet.</Typography>
        ) : (
          list(menu.items, 1, `Items of the ${menuName(menu.code)}`)
        )}
      </CardContent>
      {editing && <ItemDialog editing={editing} onClose={() => setEditing(undefined)} onSave={save} />}
      {removing && (
        <Dialog open onClose={() => setRemoving(undefined)} aria-labelledby="menu-remove-dialog">
          <DialogTitle id="menu-remove-dialog">Remove “{removing.label}”?</DialogTitle>
          <DialogContent>
            {removing.childs.length > 0
              ? `Its ${removing.childs.length} link${removing.childs.length === 1 ? '' : 's'} go with it.`
              : 'It leaves the menu after the next build.'}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setRemoving(undefined)}>Cancel</Button>
            <Button
              color="error"
              variant="contained"
              onClick={() => {
                const gone = removing;
                setRemoving(undefined);
                void write(
                  () => removeMenuItem(api, menu, gone.id),
                  () => `Removed ${gone.label}`,
                );
              }}
            >
              Remove
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Card>
  );
}

export default function MenusPage() {
  const notify = useNotify();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'content-menus', action: 'edit' });
  const [menus, setMenus] = useState<StaffMenu[]>();
  const [failure, setFailure] = useState<string>();
  const [shown, setShown] = useState(0);
  const [said, setSaid] = useState('');

  const load = useCallback(async () => {
    try {
      setMenus(await listMenus(api));
      setFailure(undefined);
    } catch (error) {
      setFailure(failureMessage(error));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const onChanged = (menu: StaffMenu) =>
    setMenus((before) => before?.map((m) => (m.id === menu.id ? menu : m)));
  const onFailed = async (error: unknown) => {
    notify(failureMessage(error), { type: 'error' });
    // A stale version (someone else changed the menu) or a refused move: show the menu as it now is.
    await load();
  };

  const menu = menus?.[shown];
  return (
    <Box>
      <Title title="Menus" />
      <div role="status" aria-live="polite" style={{ position: 'absolute', left: -10000 }}>
        {said}
      </div>
      {failure && <Alert severity="error">{failure}</Alert>}
      {!menus && !failure && <Typography>Loading the menus…</Typography>}
      {menus && (
        <>
          <Tabs
            value={shown}
            onChange={(_event, index: number) => setShown(index)}
            variant="scrollable"
            aria-label="Menus"
            sx={{ mb: 2 }}
          >
            {menus.map((m) => (
              <Tab key={m.id} label={menuName(m.code)} />
            ))}
          </Tabs>
          {menu && (
            <MenuTree
              key={menu.id}
              menu={menu}
              canWrite={canWrite}
              onChanged={onChanged}
              onFailed={onFailed}
              say={setSaid}
            />
          )}
        </>
      )}
    </Box>
  );
}
