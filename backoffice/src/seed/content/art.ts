/** SVG artwork for CMS content: slide and push covers, news and how-to covers, menu covers. */
import { BRAND, wrapWords } from '../catalogue/artwork.ts';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const palettes = [
  { bg: BRAND.green, shape: BRAND.dark, accent: BRAND.orange, text: '#ffffff' },
  { bg: BRAND.cream, shape: '#e4dccd', accent: BRAND.green, text: BRAND.dark },
  { bg: BRAND.dark, shape: BRAND.green, accent: BRAND.orange, text: '#ffffff' },
  { bg: '#d9e6df', shape: '#b8cfc3', accent: BRAND.orange, text: BRAND.dark },
];

/** A wall being worked on: a trowel stroke, a crack or a smooth panel, varied by `seed`. */
function motif(seed: number, colour: string, accent: string): string {
  switch (seed % 4) {
    case 0: // trowel over a skimmed band
      return `<rect x="760" y="180" width="340" height="260" rx="18" fill="${colour}"/><path d="M800 400 L1060 220" stroke="${accent}" stroke-width="26" stroke-linecap="round"/><rect x="940" y="150" width="150" height="60" rx="10" fill="${accent}" transform="rotate(-34 1015 180)"/>`;
    case 1: // a filled crack
      return `<rect x="760" y="140" width="360" height="340" fill="${colour}"/><path d="M900 140 L880 220 L930 280 L890 360 L940 480" stroke="${accent}" stroke-width="14" fill="none" stroke-linejoin="round"/>`;
    case 2: // tub and knife
      return `<rect x="800" y="260" width="200" height="190" rx="20" fill="${colour}"/><rect x="780" y="230" width="240" height="44" rx="12" fill="${accent}"/><path d="M1040 200 L1130 420" stroke="${accent}" stroke-width="30" stroke-linecap="round"/>`;
    default: // sanded panel with dust lines
      return `<rect x="760" y="160" width="360" height="300" rx="8" fill="${colour}"/><g stroke="${accent}" stroke-width="8" stroke-linecap="round"><path d="M800 220 H1080"/><path d="M800 300 H1040"/><path d="M800 380 H1000"/></g>`;
  }
}

const motifAlts = [
  'A trowel smoothing a freshly skimmed patch of wall',
  'A long crack in a wall, filled and ready to sand',
  'A tub of filler and a filling knife against a wall',
  'A wall panel sanded smooth, ready for paint',
];

/**
 * A 15:8 illustration without words, for the home slides and pushes: the panel beside it carries their title and
 * text, so the picture repeats none of it (only the brand mark). `illustrationAlt` describes it.
 */
export function illustrationSvg(seed: number): string {
  const p = palettes[seed % palettes.length] ?? palettes[0]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="640" viewBox="0 0 1200 640"><rect width="1200" height="640" fill="${p.bg}"/><rect y="560" width="1200" height="80" fill="${p.shape}"/><rect y="548" width="1200" height="14" fill="${p.accent}" opacity="0.6"/><circle cx="150" cy="120" r="70" fill="${p.shape}" opacity="0.6"/><g transform="translate(600 300) scale(1.35) translate(-940 -310)">${motif(seed, p.shape, p.accent)}</g><text x="1130" y="610" font-family="DejaVu Sans" font-size="24" font-weight="bold" fill="${p.accent}" text-anchor="end">PLASTERWICK</text></svg>`;
}

export const illustrationAlt = (seed: number) => motifAlts[seed % motifAlts.length]!;

/** A 15:8 cover with a title and a short line, for slides, pushes, articles and guides (rendered at any width). */
export function coverSvg(title: string, subtitle: string, seed: number): string {
  const p = palettes[seed % palettes.length] ?? palettes[0]!;
  const titleLines = wrapWords(title, 22).slice(0, 3);
  const subLines = wrapWords(subtitle, 40).slice(0, 2);
  const text = [
    ...titleLines.map(
      (line, i) =>
        `<text x="70" y="${170 + i * 66}" font-family="DejaVu Sans" font-size="56" font-weight="bold" fill="${p.text}">${escapeXml(line)}</text>`,
    ),
    ...subLines.map(
      (line, i) =>
        `<text x="70" y="${200 + titleLines.length * 66 + i * 40}" font-family="DejaVu Sans" font-size="28" fill="${p.text}">${escapeXml(line)}</text>`,
    ),
  ].join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="640" viewBox="0 0 1200 640"><rect width="1200" height="640" fill="${p.bg}"/>${motif(seed, p.shape, p.accent)}<rect x="70" y="80" width="120" height="10" fill="${p.accent}"/>${text}<text x="1130" y="600" font-family="DejaVu Sans" font-size="24" font-weight="bold" fill="${p.accent}" text-anchor="end">PLASTERWICK</text></svg>`;
}
