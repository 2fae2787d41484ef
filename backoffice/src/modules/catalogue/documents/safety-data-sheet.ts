/**
 * Safety data sheets in the 16-section format of UK REACH Annex II, one per product, filled from the product's
 * data: identifier (name and reference), uses (jobs, surfaces, indoor/outdoor), the supplier, a composition and
 * classification chosen from the product's chemistry (its format and category, or an explicit `chemistry`), the
 * colour and coverage for the physical properties, and storage advice by format.
 */
import type { PdfBlock, PdfContent } from '../../../lib/pdf.ts';
import { manufacturer } from './manufacturer.ts';
import { optionLabelIn, type Chemistry, type SheetDefinition, type SheetProduct } from './sheet-product.ts';

/** The section titles of UK REACH Annex II (retained Regulation (EC) No 1907/2006 as amended for GB). */
export const sdsSectionTitles = [
  'Identification of the substance/mixture and of the company/undertaking',
  'Hazards identification',
  'Composition/information on ingredients',
  'First aid measures',
  'Firefighting measures',
  'Accidental release measures',
  'Handling and storage',
  'Exposure controls/personal protection',
  'Physical and chemical properties',
  'Stability and reactivity',
  'Toxicological information',
  'Ecological information',
  'Disposal considerations',
  'Transport information',
  'Regulatory information',
  'Other information',
] as const;

/** Revision date printed on every sheet (the range was last reviewed then). */
export const SDS_REVISION = '15 January 2025';

interface Ingredient {
  name: string;
  cas: string;
  ec: string;
  share: string;
  classification: string;
}

interface Profile {
  /** Sentence naming the product's type, e.g. "A gypsum-based powder filler". */
  type: string;
  state: string;
  odour: string;
  ph: string;
  solubility: string;
  ingredients: Ingredient[];
  /** Classification under GB CLP; empty when the mixture is not classified. */
  classification: string[];
  /** Why the product is not classified (or what the classification rests on). */
  classificationNote: string;
  label: string[];
  otherHazards: string;
  firstAid: [string, string][];
  fire: string;
  exposureLimits: string[][];
  protection: [string, string][];
  toxicology: string;
  ecology: string;
  wasteCode: string;
  transport: string;
  /** Not a substance or mixture: an article, for which UK REACH asks for no SDS. */
  article?: boolean;
}

const gypsum: Ingredient = {
  name: 'Calcium sulfate (hemihydrate and dihydrate)',
  cas: '26499-65-0 / 10101-41-4',
  ec: '231-900-3',
  share: '40-80 %',
  classification: 'Not classified',
};
const limestone: Ingredient = {
  name: 'Calcium carbonate (limestone)',
  cas: '471-34-1',
  ec: '207-439-9',
  share: '10-50 %',
  classification: 'Not classified',
};
const cellulose: Ingredient = {
  name: 'Cellulose ether (methyl hydroxyethyl cellulose)',
  cas: '9032-42-2',
  ec: '-',
  share: '< 2 %',
  classification: 'Not classified',
};
const benzisothiazolinone: Ingredient = {
  name: '1,2-benzisothiazol-3(2H)-one (in-can preservative)',
  cas: '2634-33-5',
  ec: '220-120-9',
  share: '< 0.05 %',
  classification:
    'Acute Tox. 4 H302, Skin Irrit. 2 H315, Eye Dam. 1 H318, Skin Sens. 1 H317, Aquatic Acute 1 H400',
};

const dustLimits = [
  ['Calcium sulfate', 'EH40 WEL 8 h TWA: 10 mg/m3 inhalable dust, 4 mg/m3 respirable dust'],
  ['Calcium carbonate', 'EH40 WEL 8 h TWA: 10 mg/m3 inhalable dust, 4 mg/m3 respirable dust'],
];

const notClassifiedFirstAid: [string, string][] = [
  ['Inhalation', 'Move to fresh air. If coughing or irritation persists, get medical advice (NHS 111).'],
  ['Skin contact', 'Wash with soap and plenty of water.'],
  [
    'Eye contact',
    'Rinse with clean water for several minutes, holding the eyelids open. Remove contact lenses if easy to do. Get medical advice if irritation persists.',
  ],
  [
    'Ingestion',
    'Rinse the mouth with water and drink a glass of water. Do not induce vomiting. Get medical advice if unwell.',
  ],
];

const dustProtection: [string, string][] = [
  ['Engineering controls', 'Mix and sand in a ventilated area; use dust extraction on power sanders.'],
  ['Respiratory protection', 'When mixing powder or dry sanding: a disposable FFP2 mask (EN 149).'],
  ['Hand protection', 'Gloves for prolonged work (nitrile-coated cotton, EN 388 / EN ISO 374).'],
  ['Eye protection', 'Safety glasses with side shields (EN 166) when mixing or working overhead.'],
];

const profiles: Record<Chemistry, Profile> = {
  gypsum: {
    type: 'A gypsum-based powder filler, mixed with water before use',
    state: 'Solid: fine powder',
    odour: 'Odourless',
    ph: 'About 7 (mixed with water)',
    solubility: 'Slightly soluble (about 2 g/l)',
    ingredients: [gypsum, limestone, cellulose],
    classification: [],
    classificationNote:
      'Not classified as hazardous under Regulation (EC) No 1272/2008 as retained in GB law (GB CLP): none of the ingredients is classified at the level present. Calcium sulfate and calcium carbonate are not hazardous substances; the cellulose ether thickener is inert.',
    label: ['No hazard pictogram, signal word or hazard statement is required.'],
    otherHazards:
      'Dust from mixing or dry sanding may irritate the eyes, nose and throat (mechanical irritation). Not PBT or vPvB.',
    firstAid: notClassifiedFirstAid,
    fire: 'The product is not combustible. Use extinguishing media suited to the surrounding fire. Heated above about 1000 °C calcium sulfate gives off sulfur oxides.',
    exposureLimits: dustLimits,
    protection: dustProtection,
    toxicology:
      'Acute toxicity: not classified (calcium sulfate oral LD50 rat > 1581 mg/kg, no deaths). Skin and eye irritation: not classified; dust may cause mechanical eye irritation. Sensitisation, mutagenicity, carcinogenicity and reproductive toxicity: no data indicating such effects.',
    ecology:
      'Not classified as hazardous to the aquatic environment. Calcium sulfate and calcium carbonate are naturally occurring minerals; the product is not expected to harm aquatic organisms at the concentrations of normal use.',
    wasteCode:
      '17 08 02 (gypsum-based construction materials) for set material; 15 01 01 / 15 01 02 for empty packaging',
    transport: 'Not classified as dangerous goods for transport (ADR/RID, IMDG, IATA).',
  },
  gypsum_plaster: {
    type: 'A gypsum plaster, mixed with water before use',
    state: 'Solid: powder',
    odour: 'Odourless',
    ph: 'About 7 to 8 (mixed with water)',
    solubility: 'Slightly soluble (about 2 g/l)',
    ingredients: [
      { ...gypsum, share: '70-95 %' },
      {
        name: 'Expanded perlite',
        cas: '93763-70-3',
        ec: '-',
        share: '0-10 %',
        classification: 'Not classified',
      },
      {
        name: 'Calcium hydroxide (set regulator)',
        cas: '1305-62-0',
        ec: '215-137-3',
        share: '< 1 %',
        classification: 'Skin Irrit. 2 H315, Eye Dam. 1 H318, STOT SE 3 H335',
      },
    ],
    classification: [],
    classificationNote:
      'Not classified as hazardous under GB CLP. Calcium hydroxide is present below 1 %, under the 3 % generic limit at which it would classify the mixture for eye damage.',
    label: ['No hazard pictogram, signal word or hazard statement is required.'],
    otherHazards:
      'Plaster warms as it sets: never use it to make a cast of a body part, as the heat can cause severe burns. Dust may irritate the eyes and respiratory tract. Not PBT or vPvB.',
    firstAid: notClassifiedFirstAid,
    fire: 'The product is not combustible. Use extinguishing media suited to the surrounding fire. Heated above about 1000 °C calcium sulfate gives off sulfur oxides.',
    exposureLimits: [
      dustLimits[0]!,
      ['Calcium hydroxide', 'EH40 WEL 8 h TWA: 1 mg/m3 respirable; 15 min STEL 4 mg/m3 inhalable'],
    ],
    protection: dustProtection,
    toxicology:
      'Acute toxicity: not classified. Skin and eye irritation: not classified; wet plaster is mildly alkaline and prolonged contact may dry the skin. Sensitisation, mutagenicity, carcinogenicity and reproductive toxicity: no data indicating such effects.',
    ecology:
      'Not classified as hazardous to the aquatic environment. Do not let large amounts of wet plaster enter drains: it sets and blocks them.',
    wasteCode:
      '17 08 02 (gypsum-based construction materials) for set material; 15 01 01 for empty paper sacks',
    transport: 'Not classified as dangerous goods for transport (ADR/RID, IMDG, IATA).',
  },
  cementitious: {
    type: 'A polymer-modified cement-based powder, mixed with water before use',
    state: 'Solid: grey or off-white powder',
    odour: 'Odourless',
    ph: '11 to 13.5 (mixed with water)',
    solubility: 'Slightly soluble; reacts with water and sets',
    ingredients: [
      {
        name: 'Portland cement',
        cas: '65997-15-1',
        ec: '266-043-4',
        share: '10-30 %',
        classification: 'Skin Irrit. 2 H315, Eye Dam. 1 H318, Skin Sens. 1B H317, STOT SE 3 H335',
      },
      {
        name: 'Quartz sand',
        cas: '14808-60-7',
        ec: '238-878-4',
        share: '40-70 %',
        classification: 'Not classified (respirable fraction below 1 %)',
      },
      { ...limestone, share: '5-30 %' },
      {
        name: 'Redispersible polymer powder',
        cas: '-',
        ec: '-',
        share: '< 5 %',
        classification: 'Not classified',
      },
    ],
    classification: ['Skin Irrit. 2, H315', 'Eye Dam. 1, H318', 'STOT SE 3, H335'],
    classificationNote:
      'Classified under GB CLP because of the cement it contains: wet cement is strongly alkaline. A reducing agent keeps soluble chromium (VI) below 2 ppm for the shelf life printed on the pack, so the product is not classified as a skin sensitiser while that date holds.',
    label: [
      'Pictograms: GHS05 (corrosion), GHS07 (exclamation mark). Signal word: Danger.',
      'H315 Causes skin irritation. H318 Causes serious eye damage. H335 May cause respiratory irritation.',
      'P102 Keep out of reach of children. P261 Avoid breathing dust. P280 Wear protective gloves and eye protection. P305+P351+P338 IF IN EYES: Rinse cautiously with water for several minutes. Remove contact lenses, if present and easy to do. Continue rinsing. P310 Immediately call a doctor. P501 Dispose of contents and container in accordance with local regulations.',
    ],
    otherHazards:
      'Wet mortar in contact with skin for a long time (kneeling in it, in boots or gloves) can cause serious alkaline burns without pain at first. Not PBT or vPvB.',
    firstAid: [
      [
        'Inhalation',
        'Move to fresh air. Dust in the throat: rinse the mouth and nose with water. Get medical advice if symptoms persist.',
      ],
      [
        'Skin contact',
        'Brush off dry powder, then wash with plenty of water. Remove contaminated clothing. Get medical advice for burns or persistent irritation.',
      ],
      [
        'Eye contact',
        'Do not rub. Rinse immediately with plenty of clean water for at least 20 minutes, eyelids open, removing contact lenses. Get medical help straight away (A&E or call 999).',
      ],
      ['Ingestion', 'Rinse the mouth, drink plenty of water. Do not induce vomiting. Get medical advice.'],
    ],
    fire: 'The product is not combustible and does not support combustion. Use extinguishing media suited to the surrounding fire.',
    exposureLimits: [
      ['Portland cement', 'EH40 WEL 8 h TWA: 10 mg/m3 inhalable dust, 4 mg/m3 respirable dust'],
      ['Respirable crystalline silica', 'EH40 WEL 8 h TWA: 0.1 mg/m3'],
      dustLimits[1]!,
    ],
    protection: [
      ['Engineering controls', 'Mix in the open air or a well ventilated area; avoid raising dust.'],
      ['Respiratory protection', 'When mixing or cutting back: FFP3 mask (EN 149).'],
      [
        'Hand protection',
        'Nitrile-coated, waterproof gloves (EN ISO 374); keep wet mortar out of gloves and boots.',
      ],
      ['Eye protection', 'Goggles (EN 166) when mixing or working overhead.'],
      ['Skin protection', 'Long sleeves and trousers; waterproof knee pads when kneeling.'],
    ],
    toxicology:
      'Skin: irritant; prolonged contact with wet material may cause serious burns. Eyes: risk of serious damage. Inhalation: dust may irritate the respiratory tract; repeated exposure to respirable crystalline silica above the exposure limit can cause lung disease. Sensitisation: not expected while chromium (VI) is below 2 ppm.',
    ecology:
      'Cement raises the pH of water it enters; not otherwise expected to harm the aquatic environment. Keep wash water and wet material out of drains and watercourses.',
    wasteCode:
      '17 01 01 (concrete) for set material; 17 09 04 for mixed construction waste; 15 01 01 for empty sacks',
    transport: 'Not classified as dangerous goods for transport (ADR/RID, IMDG, IATA).',
  },
  dispersion: {
    type: 'A water-based mixture of mineral fillers and a polymer dispersion, supplied ready to use',
    state: 'Paste or liquid',
    odour: 'Faint',
    ph: '7 to 9',
    solubility: 'Dilutable with water before it dries',
    ingredients: [
      { ...limestone, share: '30-70 %' },
      {
        name: 'Water',
        cas: '7732-18-5',
        ec: '231-791-2',
        share: '20-40 %',
        classification: 'Not classified',
      },
      {
        name: 'Vinyl acetate / acrylic copolymer dispersion',
        cas: '-',
        ec: '-',
        share: '2-15 %',
        classification: 'Not classified',
      },
      benzisothiazolinone,
    ],
    classification: [],
    classificationNote:
      'Not classified as hazardous under GB CLP. The in-can preservative is present far below the levels at which it would classify the mixture; because it may cause a reaction in people already sensitised, the pack carries EUH208.',
    label: [
      'No hazard pictogram, signal word or hazard statement is required.',
      'EUH208 Contains 1,2-benzisothiazol-3(2H)-one. May produce an allergic reaction.',
      'EUH210 Safety data sheet available on request.',
    ],
    otherHazards: 'Dust from dry sanding may irritate the eyes and respiratory tract. Not PBT or vPvB.',
    firstAid: notClassifiedFirstAid,
    fire: 'The product is water-based and not flammable. Dried material burns only in a surrounding fire; use extinguishing media suited to it. Combustion gives carbon oxides.',
    exposureLimits: [dustLimits[1]!],
    protection: [
      [
        'Engineering controls',
        'Ventilate the room while working and drying; use dust extraction when machine sanding.',
      ],
      ['Respiratory protection', 'Not needed for application; an FFP2 mask (EN 149) when dry sanding.'],
      ['Hand protection', 'Nitrile gloves (EN ISO 374) for prolonged contact or sensitive skin.'],
      ['Eye protection', 'Safety glasses (EN 166) when working overhead.'],
    ],
    toxicology:
      'Acute toxicity, irritation, mutagenicity, carcinogenicity and reproductive toxicity: not classified, based on the ingredients. May cause an allergic skin reaction in people already sensitised to the preservative.',
    ecology:
      'Not classified as hazardous to the aquatic environment. Do not empty into drains or watercourses; wash tools into a bucket and let the solids settle before disposal.',
    wasteCode:
      '08 01 12 (paint and varnish waste other than 08 01 11) for unused product; 15 01 02 for empty plastic containers',
    transport: 'Not classified as dangerous goods for transport (ADR/RID, IMDG, IATA).',
  },
  silicone: {
    type: 'A one-part silicone sealant that cures with moisture from the air',
    state: 'Paste',
    odour: 'Vinegar-like while curing (acetic acid)',
    ph: 'Not applicable',
    solubility: 'Insoluble',
    ingredients: [
      {
        name: 'Polydimethylsiloxane, hydroxy-terminated',
        cas: '70131-67-8',
        ec: '-',
        share: '50-80 %',
        classification: 'Not classified',
      },
      {
        name: 'Amorphous silica, fumed',
        cas: '112945-52-5',
        ec: '-',
        share: '5-15 %',
        classification: 'Not classified',
      },
      {
        name: 'Triacetoxy(methyl)silane (cross-linker)',
        cas: '4253-34-3',
        ec: '224-221-9',
        share: '1-5 %',
        classification: 'Acute Tox. 4 H302, Skin Corr. 1B H314, Eye Dam. 1 H318',
      },
    ],
    classification: [],
    classificationNote:
      'Not classified as hazardous under GB CLP: the cross-linker reacts with moisture as the sealant cures and is present below the concentration that would classify the mixture. Curing releases small amounts of acetic acid vapour.',
    label: [
      'No hazard pictogram, signal word or hazard statement is required.',
      'EUH210 Safety data sheet available on request.',
    ],
    otherHazards:
      'Acetic acid vapour released while curing may irritate the eyes in a small, unventilated room. Not PBT or vPvB.',
    firstAid: notClassifiedFirstAid,
    fire: 'Use water spray, foam, dry powder or carbon dioxide. Combustion gives carbon oxides, silicon dioxide and formaldehyde.',
    exposureLimits: [
      ['Acetic acid (released while curing)', 'EH40 WEL 8 h TWA: 25 mg/m3; 15 min STEL: 37 mg/m3'],
    ],
    protection: [
      ['Engineering controls', 'Ventilate the room while the sealant cures.'],
      ['Respiratory protection', 'Not needed with normal ventilation.'],
      ['Hand protection', 'Nitrile gloves (EN ISO 374) for prolonged contact.'],
      ['Eye protection', 'Safety glasses (EN 166).'],
    ],
    toxicology:
      'Acute toxicity, irritation, sensitisation, mutagenicity, carcinogenicity and reproductive toxicity: not classified. Uncured sealant may irritate the eyes.',
    ecology: 'Cured silicone is inert and insoluble. Do not let uncured product enter drains.',
    wasteCode: '08 04 10 (adhesive and sealant waste other than 08 04 09); 15 01 02 for empty cartridges',
    transport: 'Not classified as dangerous goods for transport (ADR/RID, IMDG, IATA).',
  },
  polyester_resin: {
    type: 'A two-part unsaturated polyester resin filler: a base paste and a peroxide hardener mixed just before use',
    state: 'Paste (base) and paste (hardener)',
    odour: 'Characteristic (styrene)',
    ph: 'Not applicable',
    solubility: 'Insoluble',
    ingredients: [
      {
        name: 'Styrene (in the base)',
        cas: '100-42-5',
        ec: '202-851-5',
        share: '10-20 %',
        classification:
          'Flam. Liq. 3 H226, Acute Tox. 4 H332, Skin Irrit. 2 H315, Eye Irrit. 2 H319, Repr. 2 H361d, STOT RE 1 H372',
      },
      { ...limestone, share: '40-60 %' },
      {
        name: 'Dibenzoyl peroxide (in the hardener, about 50 % paste)',
        cas: '94-36-0',
        ec: '202-327-6',
        share: '1-3 % of the kit',
        classification: 'Org. Perox. B H241, Eye Irrit. 2 H319, Skin Sens. 1 H317, Aquatic Acute 1 H400',
      },
    ],
    classification: [
      'Flam. Liq. 3, H226',
      'Skin Irrit. 2, H315',
      'Eye Irrit. 2, H319',
      'Repr. 2, H361d',
      'STOT RE 1, H372 (hearing organs)',
      'Hardener: Skin Sens. 1, H317',
    ],
    classificationNote:
      'Classified under GB CLP because of the styrene in the base and the peroxide in the hardener.',
    label: [
      'Pictograms: GHS02 (flame), GHS07 (exclamation mark), GHS08 (health hazard). Signal word: Danger.',
      'H226 Flammable liquid and vapour. H315 Causes skin irritation. H319 Causes serious eye irritation. H361d Suspected of damaging the unborn child. H372 Causes damage to organs (hearing organs) through prolonged or repeated exposure by inhalation. H317 (hardener) May cause an allergic skin reaction.',
      'P201 Obtain special instructions before use. P210 Keep away from heat, sparks, open flames and hot surfaces. No smoking. P260 Do not breathe vapours. P280 Wear protective gloves and eye protection. P308+P313 IF exposed or concerned: Get medical advice. P501 Dispose of contents and container in accordance with local regulations.',
    ],
    otherHazards:
      'Mixing base and hardener gives off heat; do not mix more than can be used in a few minutes. Not PBT or vPvB.',
    firstAid: [
      ['Inhalation', 'Move to fresh air and keep at rest. Get medical advice if unwell.'],
      [
        'Skin contact',
        'Remove contaminated clothing. Wash with soap and water; do not use solvents. Get medical advice if a rash appears.',
      ],
      ['Eye contact', 'Rinse with clean water for at least 15 minutes, eyelids open. Get medical advice.'],
      ['Ingestion', 'Rinse the mouth. Do not induce vomiting. Get medical advice straight away.'],
    ],
    fire: 'Flammable. Use foam, dry powder or carbon dioxide; do not use a water jet. Cool closed containers with water spray. Combustion gives carbon oxides and dense smoke. Keep the hardener away from heat: organic peroxides decompose violently when heated.',
    exposureLimits: [['Styrene', 'EH40 WEL 8 h TWA: 100 ppm (430 mg/m3); 15 min STEL: 250 ppm (1080 mg/m3)']],
    protection: [
      [
        'Engineering controls',
        'Work outdoors or with good through-ventilation; keep away from ignition sources.',
      ],
      [
        'Respiratory protection',
        'In poorly ventilated places: a half mask with an organic vapour filter type A (EN 14387).',
      ],
      ['Hand protection', 'Nitrile gloves, at least 0.4 mm (EN ISO 374); change them when splashed.'],
      ['Eye protection', 'Safety glasses with side shields (EN 166).'],
    ],
    toxicology:
      'Styrene: harmful if inhaled at high concentrations; irritating to skin and eyes; suspected of damaging the unborn child; repeated exposure to high levels damages hearing. Dibenzoyl peroxide: may cause skin sensitisation.',
    ecology:
      'The hardener is very toxic to aquatic life. Cured resin is inert. Do not let the product enter drains.',
    wasteCode:
      '08 04 09* (adhesive and sealant waste containing organic solvents) for unused product; cured resin as 17 02 03',
    transport:
      'UN 1866 RESIN SOLUTION, class 3, packing group III. Packs of 5 litres or less travel as limited quantities (ADR 3.4).',
  },
  article: {
    type: 'A hand tool (an article under UK REACH, not a substance or mixture)',
    state: 'Solid: finished article',
    odour: 'None',
    ph: 'Not applicable',
    solubility: 'Insoluble',
    ingredients: [],
    classification: [],
    classificationNote:
      'An article under UK REACH Article 3(3): it releases no substance in use and is not classified. UK REACH Article 31 asks for no safety data sheet for articles; this sheet is provided for information, in the same format as our products.',
    label: ['No hazard labelling is required.'],
    otherHazards: 'Blades and edges can cut: handle, carry and store with care.',
    firstAid: [
      ['Inhalation', 'Not applicable.'],
      ['Skin contact', 'Cuts: clean the wound and cover it; get medical advice for deep cuts.'],
      ['Eye contact', 'Not applicable.'],
      ['Ingestion', 'Not applicable.'],
    ],
    fire: 'Handles burn in a surrounding fire; use extinguishing media suited to it.',
    exposureLimits: [],
    protection: [['Hand protection', 'Work gloves when handling sharp blades.']],
    toxicology: 'No toxicological effects in normal use.',
    ecology: 'No effects on the environment in normal use.',
    wasteCode: '20 01 40 (metals) for blades; handles with household waste',
    transport: 'Not dangerous goods for transport.',
    article: true,
  },
  abrasive: {
    type: 'A sanding tool carrying coated abrasive sheets (an article under UK REACH)',
    state: 'Solid: finished article',
    odour: 'None',
    ph: 'Not applicable',
    solubility: 'Insoluble',
    ingredients: [],
    classification: [],
    classificationNote:
      'An article under UK REACH Article 3(3) and not classified. UK REACH Article 31 asks for no safety data sheet for articles; this sheet is provided for information because sanding raises dust from the surface being sanded.',
    label: ['No hazard labelling is required.'],
    otherHazards:
      'The abrasive grain (aluminium oxide or silicon carbide) stays bound to the backing. The dust raised comes from the filler, plaster or paint being sanded and carries the hazards of that material: see its own safety data sheet.',
    firstAid: [
      ['Inhalation', 'Move to fresh air. If coughing persists, get medical advice.'],
      ['Skin contact', 'Wash with water.'],
      ['Eye contact', 'Rinse with clean water; do not rub. Get medical advice if irritation persists.'],
      ['Ingestion', 'Not applicable.'],
    ],
    fire: 'Burns in a surrounding fire; use extinguishing media suited to it.',
    exposureLimits: [
      [
        'Dust of the sanded material',
        'See the safety data sheet of that material (e.g. EH40 WEL 4 mg/m3 respirable dust for gypsum)',
      ],
    ],
    protection: [
      [
        'Respiratory protection',
        'FFP2 mask (EN 149) when dry sanding; FFP3 for old paint that may contain lead.',
      ],
      ['Eye protection', 'Safety glasses (EN 166) when sanding overhead.'],
    ],
    toxicology: 'No toxicological effects of the article itself in normal use.',
    ecology: 'No effects on the environment in normal use.',
    wasteCode: '12 01 21 (spent grinding bodies and grinding materials) for worn abrasives',
    transport: 'Not dangerous goods for transport.',
    article: true,
  },
};

const topCategoryOf: Record<string, string> = {
  'finishing-plasters': 'plasters-and-skims',
  'patching-plasters': 'plasters-and-skims',
};

/** The chemistry a product is made of: its explicit `chemistry`, else the one its format and category imply. */
export function chemistryOf(
  product: Pick<SheetProduct, 'chemistry' | 'format' | 'category' | 'notPaintable'>,
): Chemistry {
  if (product.chemistry) return product.chemistry;
  if (product.format === 'tool') return product.category === 'sanding' ? 'abrasive' : 'article';
  if (product.format === 'cartridge' && product.notPaintable) return 'silicone';
  if (product.format === 'powder') {
    if (product.category === 'exterior-fillers') return 'cementitious';
    if (topCategoryOf[product.category] === 'plasters-and-skims') return 'gypsum_plaster';
    return 'gypsum';
  }
  return 'dispersion';
}

const storageOf: Record<SheetProduct['format'], string> = {
  powder:
    'Store dry, off the floor and under cover, in the closed original bag or box; damp air shortens the setting time. Use within 6 months of the date printed on the pack. Stack sacks no more than ten high.',
  ready_mixed:
    'Store in the closed original container between 5 °C and 25 °C, protected from frost and direct sun. Reseal after use. Use within 12 months of the date printed on the pack.',
  cartridge:
    'Store in the original cartridge between 5 °C and 25 °C, protected from frost. Use within 12 months of the date printed on the cartridge.',
  tool: 'Store clean and dry, blades protected, out of reach of children.',
};

const row = (label: string, value: string) => [label, value];

/** What every section of the sheet is written from. */
interface SdsContext {
  product: SheetProduct;
  reference: string;
  profile: Profile;
  useLine: string;
  colour: string;
  packs: string;
  section: (n: number, blocks: PdfBlock[]) => PdfBlock[];
  table: (rows: string[][], widths?: number[]) => PdfBlock;
}

/** The SDS of `product` as renderer content. */
export function safetyDataSheet(product: SheetProduct, definitions: readonly SheetDefinition[]): PdfContent {
  const { reference } = product;
  const optionLabel = (code: string, value: string) => optionLabelIn(definitions, code, value);
  const profile = profiles[chemistryOf(product)];
  const uses = [
    ...(product.job ?? []).map((job) => optionLabel('job', job)),
    ...(product.surface ?? []).map((surface) => `on ${optionLabel('surface', surface).toLowerCase()}`),
  ];
  const useLine = `${product.short} ${uses.length ? `Identified uses: ${uses.join('; ')}.` : ''} For professional and consumer use${product.use ? `, ${optionLabel('use', product.use).toLowerCase()}` : ''}.`;
  const colour = product.colour?.map((c) => optionLabel('colour', c)).join(', ') ?? 'Not applicable';
  const section = (n: number, blocks: PdfBlock[]): PdfBlock[] => [
    { kind: 'heading', text: `SECTION ${n}: ${sdsSectionTitles[n - 1]}` },
    ...blocks,
  ];
  const table = (rows: string[][], widths = [1, 2.4]): PdfBlock => ({
    kind: 'table',
    columns: ['Item', 'Information'],
    rows,
    widths,
  });
  const packs = product.packs.map((pack) => pack.label).join('; ');

  const context: SdsContext = { product, reference, profile, useLine, colour, packs, section, table };
  return {
    title: `Safety data sheet: ${product.name}`,
    subtitle: `Reference ${reference}. According to UK REACH Annex II. Revision date ${SDS_REVISION}, version 1.0.`,
    header: `Safety data sheet - ${product.name} (${reference})`,
    footer: `${manufacturer.name} ${reference} safety data sheet`,
    subject: `Safety data sheet of ${product.name}`,
    keywords: [reference, 'safety data sheet', 'SDS'],
    blocks: [
      ...identificationSections(context),
      ...handlingSections(context),
      ...propertiesSections(context),
      ...regulatorySections(context),
    ],
  };
}

/** Sections 1 to 4: identification, hazards, composition, first aid. */
function identificationSections({
  product,
  reference,
  profile,
  useLine,
  packs,
  section,
  table,
}: SdsContext): PdfBlock[] {
  return [
    ...section(1, [
      table([
        row('1.1 Product identifier', `${product.name}, reference ${reference}`),
        row('Pack sizes', packs),
        row('1.2 Relevant identified uses', useLine),
        row('Uses advised against', 'Uses other than those listed above.'),
        row(
          '1.3 Supplier of the safety data sheet',
          `${manufacturer.name}, ${manufacturer.address.join(', ')}. Telephone ${manufacturer.phone}. Email ${manufacturer.email}.`,
        ),
        row(
          '1.4 Emergency telephone number',
          `${manufacturer.emergency}. For medical advice call NHS 111, or 999 in an emergency.`,
        ),
      ]),
    ]),
    ...section(2, [
      table([
        row(
          '2.1 Classification (GB CLP)',
          profile.classification.length ? profile.classification.join('; ') : 'Not classified as hazardous.',
        ),
        row('Basis', profile.classificationNote),
        row('2.2 Label elements', profile.label.join(' ')),
        row('2.3 Other hazards', profile.otherHazards),
      ]),
    ]),
    ...section(3, [
      { kind: 'paragraph', text: `3.2 Mixtures. ${profile.type}.` },
      profile.ingredients.length
        ? {
            kind: 'table',
            columns: ['Ingredient', 'CAS', 'EC', 'Content', 'Classification (GB CLP)'],
            rows: profile.ingredients.map((i) => [i.name, i.cas, i.ec, i.share, i.classification]),
            widths: [2.2, 1.3, 1, 0.9, 2.4],
          }
        : { kind: 'paragraph', text: 'An article: no substance is intended to be released.' },
    ]),
    ...section(4, [
      table([
        ...profile.firstAid.map(([route, advice]) => row(`4.1 ${route}`, advice)),
        row(
          '4.2 Most important symptoms',
          profile.classification.length
            ? 'See section 2 and section 11.'
            : 'Temporary irritation of the eyes or throat from dust; no delayed effects known.',
        ),
        row('4.3 Immediate medical attention', 'Show this sheet or the pack label to the doctor.'),
      ]),
    ]),
  ];
}

/** Sections 5 to 8: fire, spills, handling and storage, exposure. */
function handlingSections({ product, profile, useLine, section, table }: SdsContext): PdfBlock[] {
  return [
    ...section(5, [
      table([
        row('5.1 Extinguishing media and 5.2 special hazards', profile.fire),
        row(
          '5.3 Advice for firefighters',
          'Self-contained breathing apparatus and full protective clothing in a fire.',
        ),
      ]),
    ]),
    ...section(6, [
      table([
        row(
          '6.1 Personal precautions',
          'Avoid raising dust and contact with eyes; wear the protection of section 8.',
        ),
        row('6.2 Environmental precautions', 'Keep spills out of drains, surface water and soil.'),
        row(
          '6.3 Methods for cleaning up',
          product.format === 'powder'
            ? 'Sweep up dry after dampening lightly, or vacuum (H-class for cement). Do not wash into drains: it sets.'
            : 'Scrape up and put in a closed container for disposal; wipe residues with a damp cloth.',
        ),
        row('6.4 Reference to other sections', 'Sections 8 and 13.'),
      ]),
    ]),
    ...section(7, [
      table([
        row(
          '7.1 Precautions for safe handling',
          `Avoid contact with eyes and prolonged skin contact; do not eat, drink or smoke while working; wash hands after use.${product.format === 'powder' ? ' Add the powder to the water gently to limit dust. Lift heavy sacks with bent knees or by two people.' : ''}`,
        ),
        row('7.2 Conditions for safe storage', `${storageOf[product.format]} Keep out of reach of children.`),
        row('7.3 Specific end uses', useLine),
      ]),
    ]),
    ...section(8, [
      table([
        row(
          '8.1 Control parameters',
          profile.exposureLimits.length
            ? profile.exposureLimits.map(([substance, limit]) => `${substance}: ${limit}`).join('. ')
            : 'No workplace exposure limits apply.',
        ),
        ...profile.protection.map(([what, advice]) => row(`8.2 ${what}`, advice)),
      ]),
    ]),
  ];
}

/** Sections 9 to 12: properties, stability, toxicology, ecology. */
function propertiesSections({ product, profile, colour, section, table }: SdsContext): PdfBlock[] {
  return [
    ...section(9, [
      table([
        row('Physical state', profile.state),
        row('Colour', colour),
        row('Odour', profile.odour),
        row('pH', profile.ph),
        row('Solubility in water', profile.solubility),
        row(
          'Density',
          product.consumption
            ? `About ${product.consumption} g/cm3 as applied (coverage ${product.consumption} kg per m2 per mm)`
            : 'Not determined',
        ),
        row(
          'Flash point',
          chemistryOf(product) === 'polyester_resin'
            ? 'About 31 °C (styrene)'
            : 'Not applicable: not flammable',
        ),
        row('Melting point, boiling point, vapour pressure', 'Not relevant to the safety of this product'),
      ]),
    ]),
    ...section(10, [
      table([
        row(
          '10.1 to 10.3 Reactivity and stability',
          'Stable under the recommended storage conditions; no hazardous reactions known in normal use.',
        ),
        row(
          '10.4 Conditions to avoid',
          product.format === 'tool'
            ? 'None known.'
            : 'Frost, moisture during storage, temperatures above 40 °C.',
        ),
        row(
          '10.5 Incompatible materials',
          chemistryOf(product) === 'polyester_resin'
            ? 'Accelerators, reducing agents, strong acids and heat (hardener).'
            : 'None known.',
        ),
        row('10.6 Hazardous decomposition products', 'None in normal use; see section 5 for fire.'),
      ]),
    ]),
    ...section(11, [{ kind: 'paragraph', text: `11.1 ${profile.toxicology}` }]),
    ...section(12, [
      {
        kind: 'paragraph',
        text: `12.1 to 12.7 ${profile.ecology} The product does not contain PBT, vPvB or endocrine-disrupting substances at 0.1 % or more.`,
      },
    ]),
  ];
}

/** Sections 13 to 16: disposal, transport, regulation, other information. */
function regulatorySections({ profile, section, table }: SdsContext): PdfBlock[] {
  return [
    ...section(13, [
      table([
        row(
          '13.1 Waste treatment',
          'Let leftover material set or dry, then dispose of it as construction waste. Do not pour into drains. Recycle clean, empty packaging where facilities exist.',
        ),
        row('Waste code (List of Wastes)', profile.wasteCode),
      ]),
    ]),
    ...section(14, [{ kind: 'paragraph', text: `14.1 to 14.7 ${profile.transport}` }]),
    ...section(15, [
      {
        kind: 'paragraph',
        text: '15.1 This sheet follows UK REACH (retained Regulation (EC) No 1907/2006, Annex II as amended) and GB CLP (retained Regulation (EC) No 1272/2008). Workplace exposure limits are those of HSE EH40/2005 (as amended). COSHH 2002 applies to the use of the product at work. 15.2 No chemical safety assessment has been carried out for this mixture.',
      },
    ]),
    ...section(16, [
      {
        kind: 'paragraph',
        text: `Revision date ${SDS_REVISION}, version 1.0: first issue in this format. Full text of the hazard statements of section 3 is given with each classification. The information in this sheet is based on our present knowledge and describes the product for safety purposes; it is not a specification. For how to use the product, see its technical data sheet.`,
      },
    ]),
  ];
}
