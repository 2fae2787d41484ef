/**
 * Continuous barcode reading from the camera into a <video>: the browser's native `BarcodeDetector` when it has
 * one, else @zxing/browser (loaded only then; Linux Chromium has no native detector).
 */

export interface CameraScan {
  stop: () => void;
}

/** The retail and logistics symbologies a pack carries. */
const NATIVE_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'itf', 'code_128'];
const NATIVE_INTERVAL_MS = 250;

interface NativeDetector {
  detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]>;
}
type NativeDetectorConstructor = (new (options: { formats: string[] }) => NativeDetector) & {
  getSupportedFormats: () => Promise<string[]>;
};

/** The native detector, only when it really reads EAN-13 (some builds expose it with no formats). */
async function nativeDetector(): Promise<NativeDetectorConstructor | undefined> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetectorConstructor }).BarcodeDetector;
  if (!Detector) return undefined;
  const formats = await Detector.getSupportedFormats().catch((): string[] => []);
  return formats.includes('ean_13') ? Detector : undefined;
}

async function startNative(
  Detector: NativeDetectorConstructor,
  video: HTMLVideoElement,
  onCode: (code: string) => void,
): Promise<CameraScan> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: 'environment' },
    audio: false,
  });
  video.srcObject = stream;
  await video.play();
  const detector = new Detector({ formats: NATIVE_FORMATS });
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped || video.readyState < 2) return;
    detector
      .detect(video)
      .then((codes) => {
        const first = codes[0];
        if (!stopped && first) onCode(first.rawValue);
      })
      .catch((error: unknown) => console.error('Barcode detection failed', error));
  }, NATIVE_INTERVAL_MS);
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    },
  };
}

async function startZxing(video: HTMLVideoElement, onCode: (code: string) => void): Promise<CameraScan> {
  const { BrowserMultiFormatReader } = await import('@zxing/browser');
  const reader = new BrowserMultiFormatReader();
  let stopped = false;
  const controls = await reader.decodeFromVideoDevice(undefined, video, (result) => {
    if (!stopped && result) onCode(result.getText());
  });
  return {
    stop() {
      stopped = true;
      controls.stop();
    },
  };
}

/** Starts the camera and reports every code read; rejects when there is no camera or access is refused. */
export async function startCameraScan(
  video: HTMLVideoElement,
  onCode: (code: string) => void,
): Promise<CameraScan> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('No camera API in this browser');
  const Detector = await nativeDetector();
  return Detector ? startNative(Detector, video, onCode) : startZxing(video, onCode);
}
