/**
 * The module boundaries the import rules (`npm run lint:deps`) cannot see. Each back-office module is the only
 * writer of its tables (docs/architecture.md "Back-office modules"): a module's
 * code never inserts into, updates or deletes from a table another module's `tables.ts` defines, through Drizzle
 * (`.insert(carts)`) or raw SQL (`update cart set …`), and flows and jobs write no table at all: they call the
 * owners' functions. Read from the source, so it holds for code no test happens to run.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { tableWrites, tablesDefinedIn, type TableWrite } from './support/table-writes.ts';

const src = new URL('../src/', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** Which module owns each table, by its Drizzle name and by its SQL name. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const module of readdirSync(join(src, 'modules'))) {
    const tablesFile = join(src, 'modules', module, 'tables.ts');
    if (!statSync(join(src, 'modules', module)).isDirectory()) continue;
    let text: string;
    try {
      text = readFileSync(tablesFile, 'utf8');
    } catch {
      continue;
    }
    for (const table of tablesDefinedIn(text)) {
      owners.set(table.identifier, module);
      owners.set(table.sqlName, module);
    }
  }
  return owners;
}

/** The module a file belongs to, or the layer (`flows`, `jobs`) that may write no table. */
function writerOf(file: string): string {
  const [layer, module] = relative(src, file).split('/');
  return layer === 'modules' ? module! : layer!;
}

function foreignWrites(): string[] {
  const owners = tableOwners();
  const files = ['modules', 'flows', 'jobs'].flatMap((layer) => {
    try {
      return sourceFiles(join(src, layer));
    } catch {
      return [];
    }
  });
  return files.flatMap((file) => {
    const writer = writerOf(file);
    return tableWrites(readFileSync(file, 'utf8'))
      .map((write): [TableWrite, string | undefined] => [write, owners.get(write.table)])
      .filter(([, owner]) => owner !== undefined && owner !== writer)
      .map(
        ([write, owner]) =>
          `${relative(src, file)}:${write.line} ${write.verb} ${write.table}, a table of modules/${owner}/`,
      );
  });
}

test('no module, flow or job writes a table another module owns', () => {
  expect(foreignWrites(), 'rule table-ownership: write through the owning module’s index.ts').toEqual([]);
});

test('the scanner sees Drizzle and raw SQL writes', () => {
  const writes = tableWrites(
    [
      'await tx.update(carts).set({ status: "ordered" });',
      'await db',
      '  .insert(cartLines)',
      '  .values(rows);',
      'await db.execute(sql`delete from cart_line where cart_id = ${id}`);',
      'await db.execute(sql`UPDATE "order" SET status = ${status}`);',
      'await db.execute(sql`insert into ${orders} (id) values (1)`);',
      'const items = await db.select().from(carts);',
    ].join('\n'),
  );
  expect(writes).toEqual([
    { verb: 'update', table: 'carts', line: 1 },
    { verb: 'insert', table: 'cartLines', line: 3 },
    { verb: 'delete', table: 'cart_line', line: 5 },
    { verb: 'update', table: 'order', line: 6 },
    { verb: 'insert', table: 'orders', line: 7 },
  ]);
});

/** The order's status moves to paid, on account, failed or cancelled: orders' functions that make them. */
const ORDER_SETTLING_MOVES = ['markOrderPaid', 'markOrderOnAccount', 'markOrderUnpaid', 'markInvoicePaid'];

test('an order becomes paid, failed or cancelled only in flows/payment-outcome.ts', () => {
  const callers = ['modules', 'flows', 'jobs', 'lib']
    .flatMap((layer) => {
      try {
        return sourceFiles(join(src, layer));
      } catch {
        return [];
      }
    })
    .filter((file) => !relative(src, file).startsWith('modules/orders/'))
    .filter((file) =>
      ORDER_SETTLING_MOVES.some((name) => new RegExp(`\\b${name}\\b`).test(readFileSync(file, 'utf8'))),
    )
    .map((file) => relative(src, file));
  expect(callers, 'rule payment-outcome: settle orders through flows/payment-outcome.ts').toEqual([
    'flows/payment-outcome.ts',
  ]);
});
