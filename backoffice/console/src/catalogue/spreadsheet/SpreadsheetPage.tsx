/**
 * The catalogue spreadsheet (issue 25): "Export CSV" downloads every pack with its prices; a chosen file is sent for
 * a dry run, whose changes (field by field, old → new) and errors (line and column) are listed; "Apply" writes them
 * in one go, refused when the catalogue changed since the dry run (the dry run is then to be made again).
 */
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { errorCode } from '../../api/client.ts';
import { pounds } from '../../money.ts';
import { changeLines, EXPORT_URL, importCsv, isPriceColumn, type ImportReport } from './spreadsheet-calls.ts';

/** More rows than a person reads in a browser table: the counts above say how many there are. */
const SHOWN = 500;

const cell = (column: string, value: string | null) =>
  value === null ? '—' : isPriceColumn(column) ? pounds(Math.round(Number(value) * 100)) : value;

function Errors({ report }: { report: ImportReport }) {
  return (
    <Box component="section" aria-labelledby="import-errors">
      <Typography id="import-errors" variant="h6" component="h2">
        Errors
      </Typography>
      <Table size="small" aria-labelledby="import-errors">
        <TableHead>
          <TableRow>
            <TableCell>Line</TableCell>
            <TableCell>Column</TableCell>
            <TableCell>Error</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.errors.slice(0, SHOWN).map((error, i) => (
            <TableRow key={i}>
              <TableCell>{error.line}</TableCell>
              <TableCell>{error.column ?? '—'}</TableCell>
              <TableCell>{error.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Changes({ report }: { report: ImportReport }) {
  const lines = changeLines(report);
  return (
    <Box component="section" aria-labelledby="import-changes">
      <Typography id="import-changes" variant="h6" component="h2">
        Changes
      </Typography>
      {lines.length > SHOWN && (
        <Typography variant="body2">
          The first {SHOWN} of {lines.length} changed fields.
        </Typography>
      )}
      <Table size="small" aria-labelledby="import-changes">
        <TableHead>
          <TableRow>
            <TableCell>Line</TableCell>
            <TableCell>Product</TableCell>
            <TableCell>Pack</TableCell>
            <TableCell>Column</TableCell>
            <TableCell>Was</TableCell>
            <TableCell>Becomes</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.slice(0, SHOWN).map((line) => (
            <TableRow key={line.key}>
              <TableCell>{line.line}</TableCell>
              <TableCell>{line.product}</TableCell>
              <TableCell>
                {line.pack}
                {line.action === 'create' ? ' (new)' : ''}
              </TableCell>
              <TableCell>{line.column}</TableCell>
              <TableCell>{cell(line.column, line.old)}</TableCell>
              <TableCell>{cell(line.column, line.new)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function summary(report: ImportReport): string {
  const rows = count(report.rows, 'row');
  if (report.errors.length)
    return `${rows} read, ${count(report.errors.length, 'error')}: nothing can be applied.`;
  if (!report.changes.length) return `${rows} read: nothing would change.`;
  return (
    `${rows} read: ${count(report.packs_changed, 'pack')} would change and ${count(report.packs_created, 'pack')} ` +
    `be created (${count(report.prices_changed, 'price')}, ${count(report.products_changed, 'product')}).`
  );
}

export default function SpreadsheetPage() {
  const notify = useNotify();
  const [file, setFile] = useState<{ name: string; csv: string }>();
  const [report, setReport] = useState<ImportReport>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  async function dryRun(chosen: File) {
    setBusy(true);
    setProblem(undefined);
    setReport(undefined);
    try {
      const csv = await chosen.text();
      setFile({ name: chosen.name, csv });
      setReport(await importCsv(csv));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  async function apply() {
    if (!file || !report) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const done = await importCsv(file.csv, report.token);
      notify(
        `Applied: ${count(done.packs_changed, 'pack')} changed, ${done.packs_created} created. The shop is being rebuilt.`,
        { type: 'success' },
      );
      setReport(undefined);
      setFile(undefined);
    } catch (error) {
      setProblem(
        errorCode(error) === 'version_conflict'
          ? 'The catalogue changed since this dry run: nothing was written. Choose the file again for a new dry run.'
          : error instanceof Error
            ? error.message
            : String(error),
      );
      if (errorCode(error) === 'version_conflict') setReport(undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <Title title="Catalogue spreadsheet" />
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="body1">
            Export the catalogue (one row per pack, prices in pounds: trade ex VAT, DIY inc VAT), change it in
            a spreadsheet, save it as CSV and import it. The import is checked first and nothing is written
            until you apply it.
          </Typography>
          <Stack direction="row" spacing={2}>
            <Button href={EXPORT_URL} download startIcon={<DownloadIcon />} variant="outlined">
              Export CSV
            </Button>
            <Button component="label" startIcon={<UploadIcon />} variant="contained" disabled={busy}>
              Import a CSV (dry run)
              <input
                type="file"
                accept=".csv,text/csv"
                hidden
                aria-label="CSV file to import"
                onChange={(event) => {
                  const chosen = event.target.files?.[0];
                  event.target.value = '';
                  if (chosen) void dryRun(chosen);
                }}
              />
            </Button>
          </Stack>
          {problem && <Alert severity="error">{problem}</Alert>}
          {report && file && (
            <>
              <Alert severity={report.errors.length ? 'error' : 'info'} role="status">
                Dry run of {file.name}: {summary(report)}
              </Alert>
              {report.errors.length > 0 && <Errors report={report} />}
              {report.errors.length === 0 && report.changes.length > 0 && (
                <>
                  <Changes report={report} />
                  <Box>
                    <Button variant="contained" color="primary" onClick={() => void apply()} disabled={busy}>
                      Apply {report.changes.length === 1 ? '1 change' : `${report.changes.length} changes`}
                    </Button>
                  </Box>
                </>
              )}
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
