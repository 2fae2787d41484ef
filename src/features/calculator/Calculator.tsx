/**
 * Quantity calculator island: surface (total area or wall by wall, minus openings), thickness and product →
 * kilograms with wastage and the cheapest mix of packs, which can be added to the basket.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Audience } from '../../lib/config.ts';
import { formatPrice } from '../../lib/format.ts';
import {
  WASTAGE_PERCENT,
  calculate,
  describeMix,
  emptyInput,
  formatQuantity,
  isTooThick,
  mixTotals,
  type CalculatorErrors,
  type CalculatorInput,
  type CalculatorProduct,
  type CalculatorResult,
  type Dimensions,
} from './calculator.ts';
import { toolsText, type ToolsKey } from '../../i18n/tools-text.ts';

export interface CalculatorProps {
  products: CalculatorProduct[];
  audience: Audience;
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  onChange: (value: string) => void;
}

/** A decimal input with its label, hint and error wired for assistive technologies. */
function NumberField({ id, label, value, error, hint, onChange }: FieldProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="calc-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="calc-hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="calc-error">
          {error}
        </p>
      )}
    </div>
  );
}

interface RowsProps {
  kind: 'wall' | 'opening';
  rows: Dimensions[];
  errors: CalculatorErrors;
  idPrefix: string;
  onChange: (rows: Dimensions[]) => void;
}

/** Walls (length × height) or openings (width × height), with add and remove buttons. */
function Rows({ kind, rows, errors, idPrefix, onChange }: RowsProps) {
  const update = (index: number, patch: Partial<Dimensions>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const labels: Record<'first' | 'second' | 'remove', ToolsKey> =
    kind === 'wall'
      ? {
          first: 'calculator.wall_length',
          second: 'calculator.wall_height',
          remove: 'calculator.remove_wall',
        }
      : {
          first: 'calculator.opening_width',
          second: 'calculator.opening_height',
          remove: 'calculator.remove_opening',
        };
  return (
    <>
      {rows.map((row, i) => (
        <div className="calc-row" key={i}>
          <NumberField
            id={`${idPrefix}-${kind}-${i}-width`}
            label={toolsText(labels.first, { n: i + 1 })}
            value={row.width}
            error={errors[`${kind}-${i}-width`]}
            onChange={(width) => update(i, { width })}
          />
          <span aria-hidden="true">×</span>
          <NumberField
            id={`${idPrefix}-${kind}-${i}-height`}
            label={toolsText(labels.second, { n: i + 1 })}
            value={row.height}
            error={errors[`${kind}-${i}-height`]}
            onChange={(height) => update(i, { height })}
          />
          {(kind === 'opening' || rows.length > 1) && (
            <button
              type="button"
              className="calc-remove"
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              {toolsText(labels.remove, { n: i + 1 })}
            </button>
          )}
        </div>
      ))}
      <button
        type="button"
        className="calc-add"
        onClick={() => onChange([...rows, { width: '', height: '' }])}
      >
        {toolsText(kind === 'wall' ? 'calculator.add_wall' : 'calculator.add_opening')}
      </button>
    </>
  );
}

function Result({ result, audience }: { result: CalculatorResult; audience: Audience }) {
  const { product, quantity, mix } = result;
  const totals = mix ? mixTotals(mix, product) : undefined;
  const [adding, setAdding] = useState(false);
  // The pack mix goes to the server cart (the basket's code loads on the first add); a toast confirms it.
  const addToBasket = async (button: HTMLButtonElement) => {
    if (!mix || adding) return;
    setAdding(true);
    try {
      const { addAndConfirm } = await import('../cart/add-to-basket.ts');
      await addAndConfirm({
        items: mix.lines.map((line) => ({
          element_id: product.id,
          element_type: 'product' as const,
          variant_reference: line.pack.reference,
          quantity: line.count,
        })),
        text: toolsText('calculator.added', { count: mix.packCount }),
        opener: button,
      });
    } finally {
      setAdding(false);
    }
  };
  return (
    <>
      <h2>{toolsText('calculator.result_title')}</h2>
      <ul className="calc-steps">
        <li>
          {toolsText('calculator.theoretical', {
            area: formatQuantity(result.areaM2),
            thickness: result.thicknessMm,
            consumption: product.consumption,
            kg: formatQuantity(quantity.theoreticalKg),
          })}
        </li>
        <li>
          {toolsText('calculator.wastage', {
            percent: WASTAGE_PERCENT,
            kg: formatQuantity(quantity.wastageKg),
          })}
        </li>
        <li>
          <strong>
            {toolsText('calculator.required', { kg: formatQuantity(quantity.requiredGrams / 1000) })}
          </strong>
        </li>
      </ul>
      {mix && totals ? (
        <>
          <p className="calc-mix" data-testid="pack-mix">
            {describeMix(mix, product, audience)}
          </p>
          <p className="calc-price">
            {audience === 'pro'
              ? toolsText('calculator.price_ex_vat', {
                  price: formatPrice(totals.exVat),
                  inc: formatPrice(totals.incVat),
                })
              : toolsText('calculator.price_inc_vat', { price: formatPrice(totals.incVat) })}
          </p>
          <button
            type="button"
            className="button"
            aria-busy={adding || undefined}
            onClick={(event) => void addToBasket(event.currentTarget)}
          >
            {toolsText('calculator.add_to_basket')}
          </button>
        </>
      ) : (
        <p>{toolsText('calculator.no_packs')}</p>
      )}
      <p className="calc-hint">{toolsText('calculator.wastage_note', { percent: WASTAGE_PERCENT })}</p>
    </>
  );
}

export default function Calculator({ products, audience }: CalculatorProps) {
  const id = useId();
  const [input, setInput] = useState<CalculatorInput>(() => emptyInput());
  const [errors, setErrors] = useState<CalculatorErrors>({});
  const [result, setResult] = useState<CalculatorResult | undefined>();
  const [focusRequest, setFocusRequest] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  // `?product=ID` (the link from a product page) preselects it; read after hydration, the page is static.
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get('product');
    if (wanted && products.some((product) => String(product.id) === wanted)) {
      setInput((current) => ({ ...current, productId: wanted }));
    }
  }, [products]);

  const change = (patch: Partial<CalculatorInput>) => {
    setInput((current) => ({ ...current, ...patch }));
    setResult(undefined);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = calculate(input, products);
    setErrors(outcome.errors ?? {});
    setResult(outcome.result);
    if (outcome.errors) setFocusRequest((count) => count + 1);
  };

  // After a refused submit, focus the first invalid field once React has marked it.
  useEffect(() => {
    if (focusRequest > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  if (products.length === 0) return <p>{toolsText('calculator.no_products')}</p>;
  const selected = products.find((product) => String(product.id) === input.productId);
  const productError = errors.product;

  return (
    <div className="calculator">
      <form ref={form} noValidate onSubmit={submit} aria-label={toolsText('calculator.form_label')}>
        <div className="calc-field">
          <label htmlFor={`${id}-product`}>{toolsText('calculator.product')}</label>
          <select
            id={`${id}-product`}
            value={input.productId}
            aria-invalid={productError ? true : undefined}
            aria-describedby={
              productError ? `${id}-product-error` : selected ? `${id}-product-hint` : undefined
            }
            onChange={(event) => change({ productId: event.target.value })}
          >
            <option value="">{toolsText('calculator.product_placeholder')}</option>
            {products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
          </select>
          {selected && (
            <p id={`${id}-product-hint`} className="calc-hint">
              {toolsText('calculator.consumption', { value: selected.consumption })}
              {selected.maxThickness !== undefined &&
                ` · ${toolsText('calculator.max_thickness_hint', { value: selected.maxThickness })}`}
            </p>
          )}
          {productError && (
            <p id={`${id}-product-error`} className="calc-error">
              {productError}
            </p>
          )}
        </div>

        <fieldset className="calc-mode">
          <legend>{toolsText('calculator.surface_mode')}</legend>
          {(['area', 'walls'] as const).map((mode) => (
            <label key={mode}>
              <input
                type="radio"
                name={`${id}-mode`}
                value={mode}
                checked={input.mode === mode}
                onChange={() => change({ mode })}
              />
              {toolsText(mode === 'area' ? 'calculator.mode_area' : 'calculator.mode_walls')}
            </label>
          ))}
        </fieldset>

        {input.mode === 'area' ? (
          <NumberField
            id={`${id}-area`}
            label={toolsText('calculator.area')}
            value={input.area}
            error={errors.area}
            onChange={(area) => change({ area })}
          />
        ) : (
          <>
            <fieldset
              className="calc-walls"
              aria-describedby={errors.walls ? `${id}-walls-error` : undefined}
            >
              <legend>{toolsText('calculator.walls')}</legend>
              <Rows
                kind="wall"
                rows={input.walls}
                errors={errors}
                idPrefix={id}
                onChange={(walls) => change({ walls })}
              />
            </fieldset>
            <fieldset className="calc-openings">
              <legend>{toolsText('calculator.openings')}</legend>
              <Rows
                kind="opening"
                rows={input.openings}
                errors={errors}
                idPrefix={id}
                onChange={(openings) => change({ openings })}
              />
            </fieldset>
            {errors.walls && (
              <p id={`${id}-walls-error`} className="calc-error" role="alert">
                {errors.walls}
              </p>
            )}
          </>
        )}

        <NumberField
          id={`${id}-thickness`}
          label={toolsText('calculator.thickness')}
          value={input.thickness}
          error={errors.thickness}
          hint={
            selected?.maxThickness !== undefined
              ? toolsText('calculator.max_thickness_hint', { value: selected.maxThickness })
              : undefined
          }
          onChange={(thickness) => change({ thickness })}
        />
        {selected && isTooThick(selected, input.thickness) && (
          <p className="calc-warning" role="status">
            {toolsText('calculator.thickness_too_high', {
              thickness: input.thickness,
              max: selected.maxThickness ?? '',
            })}
          </p>
        )}

        <button type="submit" className="button">
          {toolsText('calculator.calculate')}
        </button>
      </form>

      <section className="calc-result" aria-live="polite">
        {result && <Result result={result} audience={audience} />}
      </section>
    </div>
  );
}
