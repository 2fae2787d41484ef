/**
 * The demo's own catalogue data: the subsidiary sites of the header's list, characteristics, selector-guide
 * questions and the category tree. The UK site and its plans are reference data (setup/reference-data.ts).
 */

/** The other country sites of the (fictional) group, listed in the header; the UK site is this shop. */
export const subsidiarySitesData = (
  [
    [10, 'fr', 'France', 'https://www.plasterwick.fr', 'French'],
    [11, 'be', 'Belgium', 'https://www.plasterwick.be', 'French'],
    [12, 'nl', 'Netherlands', 'https://www.plasterwick.nl', 'Dutch'],
    [13, 'ch', 'Switzerland', 'https://www.plasterwick.ch', 'German'],
    [14, 'es', 'Spain', 'https://www.plasterwick.es', 'Spanish'],
    [15, 'pl', 'Poland', 'https://www.plasterwick.pl', 'Polish'],
    [16, 'tn', 'Tunisia', 'https://www.plasterwick.tn', 'French'],
    [17, 'ae', 'United Arab Emirates', 'https://www.plasterwick.ae', 'English'],
    [18, 'lb', 'Lebanon', 'https://www.plasterwick.com.lb', 'French'],
  ] as const
).map(([id, code, label, url, language]) => ({
  id,
  code,
  label,
  url,
  hosts: [new URL(url).host],
  languages: [{ code: language.slice(0, 2).toLowerCase(), label: language }],
  isLocal: false,
}));

const options = (pairs: [string, string][]) => pairs.map(([value, label]) => ({ value, label }));

export const characteristicsData = [
  {
    code: 'surface',
    label: 'Surface',
    kind: 'enum' as const,
    facet: true,
    position: 1,
    options: options([
      ['plasterboard', 'Plasterboard'],
      ['plaster', 'Plaster'],
      ['masonry', 'Brick and masonry'],
      ['wood', 'Wood'],
      ['render_concrete', 'Render and concrete'],
      ['tiles', 'Tiles and ceramics'],
    ]),
  },
  {
    code: 'job',
    label: 'Job',
    kind: 'enum' as const,
    facet: true,
    position: 2,
    options: options([
      ['holes_and_cracks', 'Holes and cracks'],
      ['deep_gaps', 'Deep gaps'],
      ['fine_finish', 'Fine finishing'],
      ['jointing', 'Plasterboard jointing'],
      ['skimming', 'Skimming walls and ceilings'],
      ['sealing', 'Sealing gaps and joints'],
      ['priming', 'Priming and preparation'],
    ]),
  },
  {
    code: 'finish',
    label: 'Finish',
    kind: 'enum' as const,
    facet: true,
    position: 3,
    options: options([
      ['smooth', 'Smooth'],
      ['fine', 'Very fine'],
      ['textured', 'Textured'],
    ]),
  },
  {
    code: 'format',
    label: 'Format',
    kind: 'enum' as const,
    facet: true,
    position: 4,
    options: options([
      ['powder', 'Powder'],
      ['ready_mixed', 'Ready mixed'],
      ['cartridge', 'Cartridge or tube'],
      ['tool', 'Tool'],
    ]),
  },
  {
    code: 'use',
    label: 'Indoors or outdoors',
    kind: 'enum' as const,
    facet: true,
    position: 5,
    options: options([
      ['interior', 'Interior'],
      ['exterior', 'Exterior'],
      ['interior_exterior', 'Interior and exterior'],
    ]),
  },
  {
    code: 'colour',
    label: 'Colour',
    kind: 'enum' as const,
    facet: true,
    position: 6,
    options: options([
      ['white', 'White'],
      ['off_white', 'Off-white'],
      ['grey', 'Grey'],
      ['pink', 'Pink'],
      ['natural', 'Natural wood'],
      ['oak', 'Oak'],
      ['clear', 'Clear'],
      ['silver', 'Silver'],
    ]),
  },
  {
    code: 'consumption',
    label: 'Consumption',
    kind: 'number' as const,
    unit: 'kg/m²/mm',
    facet: false,
    position: 7,
    options: [],
  },
  {
    code: 'max_thickness',
    label: 'Maximum thickness',
    kind: 'number' as const,
    unit: 'mm',
    facet: false,
    position: 8,
    options: [],
  },
  {
    code: 'drying_time',
    label: 'Drying time',
    kind: 'number' as const,
    unit: 'h',
    facet: false,
    position: 9,
    options: [],
  },
  {
    code: 'overcoat_time',
    label: 'Overcoat after',
    kind: 'number' as const,
    unit: 'h',
    facet: false,
    position: 10,
    options: [],
  },
  {
    code: 'pack_weight',
    label: 'Pack weight',
    kind: 'number' as const,
    unit: 'kg',
    facet: false,
    position: 11,
    options: [],
  },
];

/** The selector guide: pro answers four questions, DIY three. Answers narrow the options of later questions. */
export const guideQuestionsData = [
  { target: 'pro' as const, code: 'surface', label: 'What are you working on?', position: 1 },
  { target: 'pro' as const, code: 'job', label: 'What is the job?', position: 2 },
  { target: 'pro' as const, code: 'finish', label: 'Which finish do you need?', position: 3 },
  { target: 'pro' as const, code: 'use', label: 'Indoors or outdoors?', position: 4 },
  { target: 'part' as const, code: 'surface', label: 'What do you want to repair?', position: 1 },
  { target: 'part' as const, code: 'job', label: 'What needs doing?', position: 2 },
  { target: 'part' as const, code: 'finish', label: 'How smooth should it be?', position: 3 },
];

export interface CategorySeed {
  slug: string;
  name: string;
  description: string;
  children?: CategorySeed[];
}

export const categoryTree: CategorySeed[] = [
  {
    slug: 'fillers',
    name: 'Fillers',
    description:
      'Powder and ready-mixed fillers for holes, cracks and gaps in walls and ceilings, from hairline cracks to deep repairs.',
    children: [
      {
        slug: 'powder-fillers',
        name: 'Powder fillers',
        description: 'Mix-your-own fillers: economical, strong and easy to adjust to the job.',
      },
      {
        slug: 'ready-mixed-fillers',
        name: 'Ready-mixed fillers',
        description: 'Open the tub and fill: no mixing, no waste, reseal and keep.',
      },
      {
        slug: 'fine-surface-fillers',
        name: 'Fine surface fillers',
        description: 'Feather-edge fillers for the last pass before painting.',
      },
      {
        slug: 'deep-gap-fillers',
        name: 'Deep gap fillers',
        description: 'Fillers that fill deep holes in one go without slumping or shrinking.',
      },
      {
        slug: 'flexible-fillers',
        name: 'Flexible fillers',
        description: 'Fillers that move with the building, for cracks that keep coming back.',
      },
      {
        slug: 'exterior-fillers',
        name: 'Exterior fillers',
        description: 'Weather-resistant fillers and repair mortars for render, brick and concrete.',
      },
    ],
  },
  {
    slug: 'wood-fillers',
    name: 'Wood fillers',
    description: 'Fillers for timber inside and out: doors, frames, skirting and floors.',
  },
  {
    slug: 'plasters-and-skims',
    name: 'Plasters and skims',
    description: 'Finishing plasters, skims and patching plasters for walls and ceilings.',
    children: [
      {
        slug: 'finishing-plasters',
        name: 'Finishing plasters',
        description: 'Skim coats for a smooth, paint-ready surface over board or backing plaster.',
      },
      {
        slug: 'patching-plasters',
        name: 'Patching plasters',
        description: 'Undercoats and one-coat plasters for repairing damaged areas.',
      },
    ],
  },
  {
    slug: 'jointing',
    name: 'Jointing',
    description: 'Jointing compounds and joint fillers for taped plasterboard joints.',
  },
  {
    slug: 'caulks-and-sealants',
    name: 'Caulks and sealants',
    description: 'Caulks and sealants for gaps around frames, skirting, baths and tiles.',
  },
  {
    slug: 'primers-and-preparation',
    name: 'Primers and preparation',
    description: 'Primers, sealers and bonding agents that make fillers and plasters stick.',
  },
  {
    slug: 'tools',
    name: 'Tools',
    description: 'Knives, trowels and sanding tools for filling and finishing.',
    children: [
      {
        slug: 'filling-knives',
        name: 'Filling knives and trowels',
        description: 'Flexible knives, taping knives and finishing trowels.',
      },
      {
        slug: 'sanding',
        name: 'Sanding',
        description: 'Blocks, sponges and pole sanders for a flat, smooth finish.',
      },
    ],
  },
];
