/**
 * Barcode scan modal (spec §4): starts in camera mode; the text field shows after a scan, on request, or when
 * there is no camera (a scan ends camera mode; "scan another" restarts it); a repeated identical scan is ignored; no match → "no results" toast; a failed call is
 * logged and loading stops; emptying the field clears the result; a match links to the product in the current
 * audience. The shared Dialog gives the modal behaviour; closing unmounts the scanner, which stops the camera.
 */
import { gtin14 } from '@plasterwick/shop-rules/barcode';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { islandApi } from '../site/island-api.ts';
import type { ScanResult } from '../../lib/api/types.ts';
import { paths } from '../../lib/paths.ts';
import { audienceFromPath, syncPlanWithPath } from '../site/settings.store.ts';
import { scanProduct } from '../../lib/api/catalogue.ts';
import { AddPackButton } from '../cart/AddPackButton.tsx';
import { showToast } from '../toasts/toasts.store.ts';
import { Dialog } from '../ui/dialog/Dialog.tsx';
import { toolsText } from '../../i18n/tools-text.ts';
import { ScanGate, normaliseBarcode } from './barcode.ts';
import { startCameraScan, type CameraScan } from './camera.ts';
import { Registered } from '../ui/registered/Registered.tsx';
import './scanner.css';

type CameraState = 'starting' | 'on' | 'unavailable' | 'off';

export interface ScannerProps {
  onClose: () => void;
}

export function Scanner({ onClose }: ScannerProps) {
  const id = useId();
  const video = useRef<HTMLVideoElement>(null);
  const camera = useRef<CameraScan | undefined>(undefined);
  const gate = useRef(new ScanGate());
  const [cameraState, setCameraState] = useState<CameraState>('starting');
  const [showField, setShowField] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const [result, setResult] = useState<ScanResult | undefined>();
  /** The code of the last lookup without a match: said in the dialog as well as by the toast. */
  const [unmatched, setUnmatched] = useState<string | undefined>();
  const audience = audienceFromPath(window.location.pathname);

  const lookUp = useCallback(async (digits: string) => {
    setLoading(true);
    setResult(undefined);
    setUnmatched(undefined);
    try {
      syncPlanWithPath(window.location.pathname);
      const found = await scanProduct(islandApi(), gtin14(digits));
      if (found.product) setResult(found);
      else {
        setUnmatched(digits);
        showToast({ kind: 'info', text: toolsText('scanner.no_results') });
      }
    } catch (error) {
      console.error('Barcode lookup failed', error);
    } finally {
      setLoading(false);
    }
  }, []);

  const cameraSession = useRef(0);

  const stopCamera = useCallback(() => {
    cameraSession.current++;
    camera.current?.stop();
    camera.current = undefined;
  }, []);

  // A scan the gate lets through ends camera mode: the field shows the code and the result comes below.
  const onScan = useRef((raw: string) => {
    const digits = normaliseBarcode(raw);
    if (!digits || !gate.current.accept(digits)) return;
    stopCamera();
    setCameraState('off');
    setCode(digits);
    setFieldError(undefined);
    setShowField(true);
    void lookUp(digits);
  });

  const startCamera = useCallback(() => {
    const element = video.current;
    if (!element) return;
    const session = ++cameraSession.current;
    setCameraState('starting');
    startCameraScan(element, (raw) => onScan.current(raw))
      .then((scan) => {
        if (session !== cameraSession.current) scan.stop();
        else {
          camera.current = scan;
          setCameraState('on');
        }
      })
      .catch((error: unknown) => {
        if (session !== cameraSession.current) return;
        console.error('Camera unavailable', error);
        setCameraState('unavailable');
        setShowField(true);
      });
  }, []);

  useEffect(() => {
    startCamera();
    return stopCamera;
  }, [startCamera, stopCamera]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = normaliseBarcode(code);
    if (!digits) {
      setFieldError(
        code.trim()
          ? toolsText('scanner.invalid_code')
          : toolsText('validation.required', { field: toolsText('scanner.code_label') }),
      );
      return;
    }
    setFieldError(undefined);
    void lookUp(digits);
  };

  const changeCode = (value: string) => {
    // Typing is the manual mode: the camera stops until "scan another barcode".
    if (camera.current || cameraState === 'starting') {
      stopCamera();
      setCameraState('off');
    }
    setCode(value);
    if (!value.trim()) {
      setResult(undefined);
      setUnmatched(undefined);
      setFieldError(undefined);
      gate.current.forget();
    }
  };

  const product = result?.product;
  return (
    <Dialog
      className="scanner"
      title={toolsText('scanner.title')}
      closeLabel={toolsText('scanner.close')}
      onClose={onClose}
    >
      <div className="scanner__camera" hidden={cameraState === 'unavailable' || cameraState === 'off'}>
        <video ref={video} muted playsInline aria-label={toolsText('scanner.camera_label')} />
        <p className="scanner__hint">
          {cameraState === 'starting'
            ? toolsText('scanner.camera_starting')
            : toolsText('scanner.camera_hint')}
        </p>
      </div>
      {cameraState === 'unavailable' && (
        <p className="scanner__hint">{toolsText('scanner.camera_unavailable')}</p>
      )}
      {cameraState === 'off' && (
        <button type="button" className="button button--ghost" onClick={startCamera}>
          {toolsText('scanner.scan_again')}
        </button>
      )}

      {showField ? (
        <form className="scanner__form" noValidate onSubmit={submit}>
          <label htmlFor={`${id}-code`}>{toolsText('scanner.code_label')}</label>
          <p id={`${id}-code-hint`} className="scanner__hint">
            {toolsText('scanner.code_hint')}
          </p>
          <div className="scanner__field">
            <input
              id={`${id}-code`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={code}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={`${id}-code-hint${fieldError ? ` ${id}-code-error` : ''}`}
              onChange={(event) => changeCode(event.target.value)}
            />
            <button type="submit" className="button" disabled={loading}>
              {toolsText('scanner.search')}
            </button>
          </div>
          {fieldError && (
            <p id={`${id}-code-error`} className="scanner__error">
              {fieldError}
            </p>
          )}
        </form>
      ) : (
        <button type="button" className="button button--ghost" onClick={() => setShowField(true)}>
          {toolsText('scanner.type_code')}
        </button>
      )}

      <div className="scanner__result" aria-live="polite">
        {loading && <p>{toolsText('scanner.searching')}</p>}
        {unmatched && <p className="scanner__none">{toolsText('scanner.no_match', { code: unmatched })}</p>}
        {product && (
          <div className="scanner__match">
            <p className="scanner__found">{toolsText('scanner.found')}</p>
            <p className="scanner__name">
              <Registered text={product.name} />
            </p>
            {result?.variant && (
              <p>
                {toolsText('scanner.variant', {
                  label: result.variant.label,
                  reference: result.variant.reference,
                })}
              </p>
            )}
            {result?.variant && (
              <AddPackButton
                productId={product.id}
                name={product.name}
                pack={result.variant}
                label={toolsText('scanner.add_to_basket', { label: result.variant.label })}
              />
            )}
            <a className="button" href={paths.product(audience, product.slug, result?.variant?.reference)}>
              {toolsText('scanner.view_product', { name: product.name })}
            </a>
          </div>
        )}
      </div>
    </Dialog>
  );
}
