/** Long-form copy built from a product's data: description paragraphs and usage instructions. */
import type { ProductSeed } from './products-data.ts';
import { characteristicsData } from './catalogue-data.ts';

const optionLabel = (code: string, value: string) =>
  characteristicsData.find((c) => c.code === code)?.options.find((o) => o.value === value)?.label ?? value;

const joinList = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

const useText = {
  interior: 'indoors',
  exterior: 'outdoors',
  interior_exterior: 'indoors and outdoors',
} as const;

const hours = (h: number) => (h === 1 ? 'an hour' : `${h} hours`);

const formatParagraph: Record<ProductSeed['format'], string> = {
  powder:
    'Supplied as a powder, it is mixed with clean cold water to the consistency the job needs: stiffer for deep holes, creamier for a smooth final pass. Mix only what you can use within its working time and nothing goes to waste.',
  ready_mixed:
    'It comes ready to use: stir briefly, take out what you need with a clean knife and reseal the container straight away so the rest stays fresh for the next job.',
  cartridge:
    'It is supplied ready to gun, for a neat, controlled bead laid straight into the gap with no mixing and no mess.',
  tool: 'It is one of the Plasterwick tools chosen to get the best from our fillers and plasters, built for daily use and easy to keep clean.',
};

/** Description paragraphs (separated by blank lines, as stored). */
export function productDescription(product: ProductSeed): string {
  const paragraphs = [product.about, formatParagraph[product.format]];
  if (product.surface && product.use) {
    const surfaces = joinList(product.surface.map((s) => optionLabel('surface', s).toLowerCase()));
    const sentences = [`Use it on ${surfaces}, ${useText[product.use]}.`];
    if (product.maxThickness) sentences.push(`Apply up to ${product.maxThickness} mm in one layer.`);
    if (product.drying && product.overcoat) {
      sentences.push(
        `In normal conditions (20 °C, 65 % relative humidity) it is dry in about ${hours(product.drying)} and can be overcoated after ${hours(product.overcoat)}; cold or damp weather slows drying.`,
      );
    }
    if (product.consumption) {
      sentences.push(
        `Allow about ${product.consumption} kg per square metre for each millimetre of thickness when working out how much you need.`,
      );
    }
    paragraphs.push(sentences.join(' '));
  }
  return paragraphs.join('\n\n');
}

const preparation =
  'Make sure the surface is sound, clean and dry, free of dust, grease and loose material; rake out cracks to a slight V.';

/** Usage instructions, one step per line (as stored). */
export function productInstructions(product: ProductSeed): string {
  const max = product.maxThickness ?? 5;
  const drying = product.drying ?? 2;
  const overcoat = product.overcoat ?? drying;
  let steps: string[];
  if (product.job?.includes('priming')) {
    steps = [
      'Remove dust, loose paint and any mould, then let the surface dry.',
      'Stir well before use; on very porous surfaces thin the first coat as the pack directs.',
      'Apply one even coat by brush or roller, working it into the surface.',
      `Leave to dry for about ${hours(drying)} before filling, plastering or painting; recoat after ${hours(overcoat)} if needed.`,
      'Wash brushes and rollers in water straight after use.',
    ];
  } else if (product.format === 'powder') {
    steps = [
      preparation,
      'Dampen very porous surfaces or prime them with diluted PVA so the filler does not dry too fast.',
      'Add the powder to clean cold water, never the other way round, and mix to a smooth, lump-free paste.',
      `Press it firmly into the repair with a filling knife in layers of no more than ${max} mm, leaving it slightly proud.`,
      `Let it dry (about ${hours(drying)}), then sand flush with a fine abrasive on a block.`,
      `Paint or overcoat after ${hours(overcoat)}. Clean tools with water before the material sets.`,
    ];
  } else if (product.format === 'ready_mixed') {
    steps = [
      preparation,
      'Stir the paste briefly; do not add water.',
      `Apply with a filling knife in layers of up to ${max} mm, pressing well into the repair and smoothing off.`,
      `Let it dry (about ${hours(drying)}), then sand lightly if needed.`,
      `Paint or overcoat after ${hours(overcoat)}.`,
      'Reseal the container after use and store it away from frost.',
    ];
  } else if (product.format === 'cartridge') {
    steps = [
      preparation,
      'Cut the nozzle at 45° to the width of the gap and fit the cartridge in a sealant gun.',
      'Run a continuous bead into the gap, pushing the material in rather than laying it on top.',
      'Smooth the bead with a wet finger or tool within ten minutes.',
      product.notPaintable
        ? `Leave it to cure for ${hours(overcoat)} before exposing it to water. It cannot be painted.`
        : `Leave it to cure: it is touch dry in about ${hours(drying)} and can be painted after ${hours(overcoat)}.`,
      'Clean fresh material from tools and hands with water.',
    ];
  } else if (product.category === 'sanding') {
    steps = [
      'Wait until the filler or plaster is completely dry before sanding.',
      'Level with the coarser grit first, then finish with the finer one.',
      'Keep the abrasive flat on the surface and use light, even strokes.',
      'Wear a dust mask, ventilate the room and wipe the surface with a damp cloth before painting.',
    ];
  } else {
    steps = [
      'Choose the blade width to suit the repair: narrow for cracks, wide for feathering out.',
      'Hold the blade at a low angle to press material in, then raise it to scrape flush.',
      'Work from the centre of the repair outwards so the edges feather to nothing.',
      'Clean the blade with water before material sets on it, dry it and store it flat or hanging.',
    ];
  }
  return steps.join('\n');
}

const definitionOf = (code: string) => characteristicsData.find((c) => c.code === code)!;

/** The product's characteristics as [label, value] rows, in the order a data sheet lists them. */
export function productFacts(product: ProductSeed): [string, string][] {
  const rows: [string, string][] = [];
  const enumRow = (code: string, values: string[] | undefined) => {
    if (!values?.length) return;
    const definition = definitionOf(code);
    rows.push([
      definition.label,
      values.map((v) => definition.options.find((o) => o.value === v)?.label ?? v).join(', '),
    ]);
  };
  const numberRow = (code: string, value: number | undefined) => {
    if (value === undefined) return;
    const definition = definitionOf(code);
    rows.push([definition.label, `${value} ${definition.unit ?? ''}`.trim()]);
  };
  enumRow('format', [product.format]);
  enumRow('surface', product.surface);
  enumRow('job', product.job);
  enumRow('finish', product.finish);
  enumRow('use', product.use ? [product.use] : undefined);
  enumRow('colour', product.colour);
  numberRow('consumption', product.consumption);
  numberRow('max_thickness', product.maxThickness);
  numberRow('drying_time', product.drying);
  numberRow('overcoat_time', product.overcoat);
  return rows;
}
