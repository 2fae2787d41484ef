/**
 * SVG artwork for the demo catalogue, drawn from the product data: one packshot per pack (its format and net content),
 * pictograms, in-use scenes and category covers. Rendered to PNG + WebP by `storeSvgImage`.
 */
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

/** The pack formats the catalogue sells, each drawn with its own shape (`id="pack-<kind>"` in the SVG). */
export type PackKind =
  | 'bag'
  | 'sack'
  | 'box'
  | 'tub'
  | 'tin'
  | 'drum'
  | 'bottle'
  | 'tube'
  | 'cartridge'
  | 'pouch'
  | 'case'
  | 'tool';

/** What a pack's label says: its format and the net content printed on it. */
export interface Pack {
  kind: PackKind;
  content: string;
}

const packWords: Record<string, PackKind> = {
  bag: 'bag',
  sack: 'sack',
  box: 'box',
  tub: 'tub',
  tin: 'tin',
  drum: 'drum',
  bottle: 'bottle',
  tube: 'tube',
  cartridge: 'cartridge',
  pack: 'pouch',
};

/**
 * The pack a variant label names: "10 kg bag" is a bag of 10 kg, "Box of 12 × 310 ml cartridges" an outer case
 * of 12 × 310 ml. Tools and other labels without a net content are drawn as the tool, labelled as they are.
 */
export function packOf(label: string): Pack {
  const single = /^(\d+(?:\.\d+)?\s*(?:kg|g|ml|L))\s+(\w+)$/i.exec(label);
  const kind = single ? packWords[single[2]!.toLowerCase()] : undefined;
  if (single && kind) return { kind, content: single[1]! };
  const outer = /^(?:box|pallet case) of (\d+)\s*×\s*(\d+(?:\.\d+)?\s*(?:kg|g|ml|L))\b/i.exec(label);
  if (outer) return { kind: 'case', content: `${outer[1]} × ${outer[2]}` };
  return { kind: 'tool', content: label };
}

/** Brand, product name and the net content in large type, centred on `cx` from `top`, wrapped to `chars`. */
function label(name: string, content: string, cx: number, top: number, chars: number, fill = '#ffffff') {
  const size = chars >= 14 ? 28 : 22;
  const lines = wrapWords(shortName(name), chars).slice(0, 4);
  const contentTop = top + 40 + lines.length * size * 1.2 + 24;
  return (
    textLines(['PLASTERWICK'], cx, top, size - 6, BRAND.orange) +
    textLines(lines, cx, top + 40, size, fill) +
    textLines([content], cx, contentTop + size, Math.round(size * 1.7), fill)
  );
}

const group = (kind: PackKind, shape: string) => `<g id="pack-${kind}">${shape}</g>`;

/** Each pack's shape and where its label sits (centre x, top y, characters per line). */
function packDrawing(kind: Exclude<PackKind, 'tool'>): {
  shape: string;
  top: number;
  chars: number;
  fill?: string;
} {
  switch (kind) {
    case 'bag':
      return {
        shape:
          `<path d="M230 150 L570 150 L600 720 L200 720 Z" fill="${BRAND.green}"/>` +
          `<path d="M230 150 L570 150 L564 190 L236 190 Z" fill="${BRAND.dark}"/>`,
        top: 260,
        chars: 16,
      };
    case 'sack':
      return {
        shape:
          `<path d="M150 110 L650 110 L680 740 L120 740 Z" fill="${BRAND.green}"/>` +
          `<path d="M150 110 L650 110 L646 160 L154 160 Z" fill="${BRAND.dark}"/>` +
          `<path d="M160 135 H640" stroke="${BRAND.cream}" stroke-width="4" stroke-dasharray="14 10"/>` +
          `<path d="M120 740 L150 700 M680 740 L650 700" stroke="${BRAND.dark}" stroke-width="8"/>`,
        top: 250,
        chars: 18,
      };
    case 'box':
      return {
        shape:
          `<path d="M200 230 L280 170 L660 170 L580 230 Z" fill="${BRAND.dark}"/>` +
          `<path d="M580 230 L660 170 L660 660 L580 720 Z" fill="#0f4d35"/>` +
          `<rect x="200" y="230" width="380" height="490" fill="${BRAND.green}"/>`,
        top: 310,
        chars: 14,
      };
    case 'tub':
      return {
        shape:
          `<rect x="200" y="190" width="400" height="60" rx="12" fill="${BRAND.dark}"/>` +
          `<path d="M215 250 L585 250 L560 720 L240 720 Z" fill="${BRAND.green}"/>`,
        top: 330,
        chars: 14,
      };
    case 'tin':
      return {
        shape:
          `<rect x="240" y="220" width="320" height="480" fill="#c9cfcc"/>` +
          `<ellipse cx="400" cy="700" rx="160" ry="30" fill="#c9cfcc"/>` +
          `<rect x="240" y="300" width="320" height="340" fill="${BRAND.green}"/>` +
          `<ellipse cx="400" cy="220" rx="160" ry="30" fill="#e2e6e4" stroke="${BRAND.grey}" stroke-width="6"/>`,
        top: 360,
        chars: 12,
      };
    case 'drum':
      return {
        shape:
          `<path d="M330 150 Q400 90 470 150" fill="none" stroke="${BRAND.dark}" stroke-width="14"/>` +
          `<rect x="190" y="170" width="420" height="540" rx="20" fill="${BRAND.green}"/>` +
          `<rect x="190" y="170" width="420" height="40" rx="12" fill="${BRAND.dark}"/>` +
          `<path d="M190 260 H610 M190 660 H610" stroke="${BRAND.dark}" stroke-width="8"/>`,
        top: 330,
        chars: 16,
      };
    case 'bottle':
      return {
        shape:
          `<rect x="355" y="90" width="90" height="70" rx="10" fill="${BRAND.dark}"/>` +
          `<path d="M365 160 L435 160 L435 230 Q530 260 530 340 L530 700 Q530 720 510 720 L290 720 Q270 720 270 700 L270 340 Q270 260 365 230 Z" fill="${BRAND.green}"/>`,
        top: 370,
        chars: 11,
      };
    case 'tube':
      return {
        shape:
          `<path d="M250 120 L550 120 L500 620 L300 620 Z" fill="${BRAND.green}"/>` +
          `<rect x="240" y="100" width="320" height="30" fill="${BRAND.dark}"/>` +
          `<rect x="350" y="620" width="100" height="100" rx="12" fill="${BRAND.dark}"/>`,
        top: 200,
        chars: 12,
      };
    case 'cartridge':
      return {
        shape:
          `<path d="M370 60 L430 60 L415 160 L385 160 Z" fill="${BRAND.cream}" stroke="${BRAND.grey}" stroke-width="4"/>` +
          `<rect x="290" y="160" width="220" height="560" rx="24" fill="${BRAND.green}"/>` +
          `<rect x="290" y="680" width="220" height="40" rx="10" fill="${BRAND.dark}"/>`,
        top: 250,
        chars: 10,
      };
    case 'pouch':
      return {
        shape:
          `<path d="M240 140 L560 140 L560 640 Q560 720 480 720 L320 720 Q240 720 240 640 Z" fill="${BRAND.green}"/>` +
          `<rect x="240" y="140" width="320" height="40" fill="${BRAND.dark}"/>` +
          `<circle cx="400" cy="160" r="10" fill="#ffffff"/>`,
        top: 260,
        chars: 12,
      };
    case 'case':
      return {
        shape:
          `<path d="M140 250 L230 180 L700 180 L610 250 Z" fill="#b98a55"/>` +
          `<path d="M610 250 L700 180 L700 650 L610 720 Z" fill="#9c7243"/>` +
          `<rect x="140" y="250" width="470" height="470" fill="#c99b63"/>` +
          `<path d="M380 180 L420 180 L330 250 L290 250 Z" fill="#e8d4b0"/>`,
        top: 380,
        chars: 18,
        fill: BRAND.dark,
      };
  }
}

/**
 * Packshot of one pack: the shape of its format (bag, sack, box, tub, tin, drum, bottle, tube, cartridge, pouch,
 * outer case, or the tool itself) with the product name and the net content on its label.
 */
export function packshotSvg(pack: Pack, name: string): string {
  const background = `<rect width="800" height="800" fill="#ffffff"/><ellipse cx="400" cy="740" rx="260" ry="24" fill="#e4e0d8"/>`;
  let body: string;
  if (pack.kind === 'tool') {
    body =
      group(
        'tool',
        `<rect x="330" y="430" width="140" height="290" rx="40" fill="${BRAND.green}"/>` +
          `<rect x="350" y="400" width="100" height="40" fill="${BRAND.grey}"/>` +
          `<path d="M250 110 L550 110 L520 400 L280 400 Z" fill="#cfd6d3" stroke="${BRAND.grey}" stroke-width="6"/>`,
      ) +
      textLines(['PLASTERWICK'], 400, 520, 20, BRAND.orange) +
      textLines(wrapWords(shortName(name), 22).slice(0, 3), 400, 770, 24, BRAND.dark) +
      textLines(wrapWords(pack.content, 18).slice(0, 2), 400, 250, 24, BRAND.dark, 'normal');
  } else {
    const { shape, top, chars, fill } = packDrawing(pack.kind);
    body = group(pack.kind, shape) + label(name, pack.content, 400, top, chars, fill);
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
