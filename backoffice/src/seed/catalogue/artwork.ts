/**
 * SVG artwork for the demo catalogue, drawn from the product data: packshots (bag, tub, cartridge, tool),
 * pictograms, in-use scenes and category covers. Rendered to PNG + WebP by `storeSvgImage`.
 */
import type { Format } from './products-data.ts';

export const BRAND = {
  green: '#1b6b4a',
  dark: '#12382a',
  cream: '#f4efe6',
  orange: '#e07a2e',
  grey: '#6b7370',
};

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Splits text into lines of at most `width` characters, on word boundaries. */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function textLines(lines: string[], x: number, y: number, size: number, fill: string, weight = 'bold') {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${y + i * size * 1.2}" font-family="DejaVu Sans" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
}

/** The product name without the brand prefix, which is printed separately as the logo. */
const shortName = (name: string) => name.replace(/^Plasterwick\s+/, '');

function label(name: string, packLabel: string, cx: number, top: number, width: number) {
  const lines = wrapWords(shortName(name), width > 260 ? 16 : 12).slice(0, 4);
  return (
    textLines(['PLASTERWICK'], cx, top, 22, BRAND.orange) +
    textLines(lines, cx, top + 46, 28, '#ffffff') +
    textLines([packLabel], cx, top + 62 + lines.length * 34, 22, BRAND.cream, 'normal')
  );
}

/** Packshot of a product in its pack: a bag for powders, a tub for pastes, a cartridge, or a tool. */
export function packshotSvg(format: Format, name: string, packLabel: string): string {
  const background = `<rect width="800" height="800" fill="#ffffff"/><ellipse cx="400" cy="730" rx="250" ry="26" fill="#e4e0d8"/>`;
  let body: string;
  switch (format) {
    case 'powder':
      body =
        `<path d="M210 140 L590 140 L620 720 L180 720 Z" fill="${BRAND.green}"/>` +
        `<path d="M210 140 L590 140 L584 180 L216 180 Z" fill="${BRAND.dark}"/>` +
        `<rect x="230" y="560" width="340" height="90" rx="8" fill="${BRAND.cream}"/>` +
        textLines(['Mix with clean water'], 400, 615, 22, BRAND.dark, 'normal') +
        label(name, packLabel, 400, 250, 340);
      break;
    case 'ready_mixed':
      body =
        `<rect x="200" y="170" width="400" height="60" rx="12" fill="${BRAND.dark}"/>` +
        `<path d="M215 230 L585 230 L560 720 L240 720 Z" fill="${BRAND.green}"/>` +
        `<rect x="250" y="600" width="300" height="70" rx="8" fill="${BRAND.cream}"/>` +
        textLines(['Ready to use'], 400, 645, 24, BRAND.dark, 'normal') +
        label(name, packLabel, 400, 300, 300);
      break;
    case 'cartridge':
      body =
        `<path d="M370 60 L430 60 L415 160 L385 160 Z" fill="${BRAND.cream}" stroke="${BRAND.grey}" stroke-width="4"/>` +
        `<rect x="290" y="160" width="220" height="560" rx="24" fill="${BRAND.green}"/>` +
        `<rect x="290" y="680" width="220" height="40" rx="10" fill="${BRAND.dark}"/>` +
        label(name, packLabel, 400, 260, 200);
      break;
    case 'tool':
      body =
        `<rect x="330" y="430" width="140" height="290" rx="40" fill="${BRAND.green}"/>` +
        `<rect x="350" y="400" width="100" height="40" fill="${BRAND.grey}"/>` +
        `<path d="M250 110 L550 110 L520 400 L280 400 Z" fill="#cfd6d3" stroke="${BRAND.grey}" stroke-width="6"/>` +
        textLines(['PLASTERWICK'], 400, 520, 20, BRAND.orange) +
        textLines(wrapWords(shortName(name), 22).slice(0, 3), 400, 770, 24, BRAND.dark) +
        textLines([packLabel], 400, 260, 24, BRAND.dark, 'normal');
      break;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">${background}${body}</svg>`;
}

/** Pictograms shared by every product that has the property. */
export const pictograms: Record<string, { title: string; svg: string }> = {
  interior: {
    title: 'For interior use',
    svg: `<path d="M16 52 L64 16 L112 52 V112 H16 Z" fill="none" stroke="${BRAND.green}" stroke-width="8" stroke-linejoin="round"/><rect x="50" y="70" width="28" height="42" fill="${BRAND.green}"/>`,
  },
  exterior: {
    title: 'For exterior use',
    svg: `<circle cx="64" cy="64" r="22" fill="${BRAND.orange}"/>${[0, 45, 90, 135, 180, 225, 270, 315].map((a) => `<rect x="60" y="8" width="8" height="20" rx="4" fill="${BRAND.orange}" transform="rotate(${a} 64 64)"/>`).join('')}`,
  },
  sandable: {
    title: 'Sandable',
    svg: `<rect x="20" y="40" width="88" height="40" rx="8" fill="${BRAND.green}"/><path d="M20 92 H108" stroke="${BRAND.orange}" stroke-width="8" stroke-dasharray="8 6"/>`,
  },
  paintable: {
    title: 'Paintable',
    svg: `<rect x="28" y="16" width="72" height="36" rx="6" fill="${BRAND.green}"/><rect x="58" y="52" width="12" height="22" fill="${BRAND.grey}"/><rect x="54" y="74" width="20" height="40" rx="4" fill="${BRAND.dark}"/>`,
  },
  quick_drying: {
    title: 'Quick drying',
    svg: `<circle cx="64" cy="64" r="46" fill="none" stroke="${BRAND.green}" stroke-width="8"/><path d="M64 30 V64 L88 78" stroke="${BRAND.orange}" stroke-width="8" fill="none" stroke-linecap="round"/>`,
  },
  flexible: {
    title: 'Stays flexible',
    svg: `<path d="M12 64 C32 24 52 24 64 64 S96 104 116 64" fill="none" stroke="${BRAND.green}" stroke-width="10" stroke-linecap="round"/>`,
  },
  deep_fill: {
    title: 'Deep fill in one pass',
    svg: `<rect x="24" y="20" width="80" height="88" fill="none" stroke="${BRAND.green}" stroke-width="8"/><rect x="36" y="48" width="56" height="52" fill="${BRAND.orange}"/>`,
  },
};

export function pictogramSvg(key: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><rect width="128" height="128" rx="20" fill="${BRAND.cream}"/>${pictograms[key]!.svg}</svg>`;
}

/** In-use scenes, shared by the products of a family. */
export const scenes: Record<string, { alt: string; svg: string }> = {
  wall_repair: {
    alt: 'A crack in a painted wall being filled with a filling knife',
    svg: `<rect width="1200" height="800" fill="#e9e3d6"/><path d="M300 120 L340 260 L310 380 L360 520 L330 700" stroke="#8b8478" stroke-width="10" fill="none"/><rect x="330" y="300" width="120" height="200" fill="#ffffff" opacity="0.9"/><g transform="rotate(-25 600 420)"><path d="M420 380 L620 380 L600 460 L440 460 Z" fill="#cfd6d3"/><rect x="600" y="395" width="260" height="50" rx="24" fill="${BRAND.green}"/></g>`,
  },
  skimming: {
    alt: 'A wall being skimmed smooth with a finishing trowel',
    svg: `<rect width="1200" height="800" fill="#d9b8a6"/><rect x="0" y="0" width="640" height="800" fill="#e8cfc0"/><g transform="rotate(-8 700 400)"><rect x="520" y="330" width="420" height="120" rx="10" fill="#cfd6d3"/><rect x="680" y="450" width="100" height="40" fill="${BRAND.grey}"/><rect x="660" y="490" width="140" height="80" rx="30" fill="${BRAND.green}"/></g>`,
  },
  woodwork: {
    alt: 'A repaired window sill ready for painting',
    svg: `<rect width="1200" height="800" fill="#bfd3dc"/><rect x="200" y="120" width="800" height="460" fill="#ffffff" stroke="#8c6a4a" stroke-width="30"/><rect x="600" y="120" width="20" height="460" fill="#8c6a4a"/><rect x="150" y="580" width="900" height="70" fill="#a47c55"/><rect x="420" y="595" width="160" height="40" rx="8" fill="#d8b88f"/>`,
  },
  jointing: {
    alt: 'Taped plasterboard joints being finished with a taping knife',
    svg: `<rect width="1200" height="800" fill="#d8d8d2"/>${[300, 600, 900].map((x) => `<rect x="${x - 40}" y="0" width="80" height="800" fill="#f2f2ee"/>`).join('')}<g transform="rotate(-12 640 420)"><rect x="460" y="360" width="360" height="90" fill="#cfd6d3"/><rect x="600" y="450" width="80" height="140" rx="30" fill="${BRAND.green}"/></g>`,
  },
  exterior: {
    alt: 'A rendered house wall with a freshly patched area',
    svg: `<rect width="1200" height="800" fill="#9ec7e0"/><rect x="100" y="200" width="1000" height="600" fill="#e6ddcc"/><path d="M100 200 L600 40 L1100 200 Z" fill="#7a4b3a"/><rect x="420" y="420" width="220" height="160" fill="#d7ccb8"/><rect x="760" y="320" width="180" height="200" fill="#5d7f99"/>`,
  },
};

export function sceneSvg(key: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">${scenes[key]!.svg}<text x="1160" y="770" font-family="DejaVu Sans" font-size="28" font-weight="bold" fill="${BRAND.green}" text-anchor="end">PLASTERWICK</text></svg>`;
}

/** Category cover: brand panel with the category name. */
export function categoryCoverSvg(name: string, description: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600" viewBox="0 0 1200 600"><rect width="1200" height="600" fill="${BRAND.green}"/><circle cx="1050" cy="120" r="260" fill="${BRAND.dark}"/><rect x="80" y="420" width="160" height="12" fill="${BRAND.orange}"/>${textLines([name], 600, 260, 72, '#ffffff')}${textLines(wrapWords(description, 60).slice(0, 2), 600, 340, 28, BRAND.cream, 'normal')}</svg>`;
}
