/** How-to folders: step-by-step guides with a type and the products they use (looked up by category). */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import { categories, productCategories } from '../../db/schema.ts';
import { coverSvg } from './art.ts';
import { artwork, insertContent, UK_SITE_ID } from './insert.ts';

const folders = [
  {
    slug: 'fill-cracks-in-a-plaster-wall',
    title: 'Fill cracks in a plaster wall',
    type: 'repairs',
    difficulty: 'easy',
    duration_minutes: 45,
    audiences: ['part', 'pro'],
    categories: ['ready-mixed-fillers', 'flexible-fillers', 'filling-knives'],
    extract: 'Rake out, fill and sand a crack so it disappears under paint.',
    steps: [
      [
        'Open up the crack',
        'Run the corner of a filling knife along the crack to remove loose plaster and widen it slightly into a V.',
      ],
      [
        'Dust and dampen',
        'Brush out the dust and lightly dampen the edges with a wet brush so the filler does not dry too fast.',
      ],
      [
        'Fill proud',
        'Press filler firmly into the crack with the knife held at an angle, leaving it slightly above the surface.',
      ],
      [
        'Sand flush',
        'Once hard, sand with a fine paper on a block until flush, then wipe off the dust before painting.',
      ],
    ],
  },
  {
    slug: 'repair-a-hole-in-plasterboard',
    title: 'Repair a hole in plasterboard',
    type: 'repairs',
    difficulty: 'intermediate',
    duration_minutes: 90,
    audiences: ['part', 'pro'],
    categories: ['deep-gap-fillers', 'jointing', 'sanding'],
    extract: 'Patch a fist-sized hole with a board offcut and a deep gap filler.',
    steps: [
      ['Square the hole', 'Cut the damaged board back to a neat square with a padsaw.'],
      ['Fit a backing batten', 'Screw a timber batten behind the hole so the patch has something to sit on.'],
      [
        'Fix the patch',
        'Cut a board offcut to fit and screw it to the batten, heads just below the surface.',
      ],
      [
        'Fill and tape the joints',
        'Fill the joints, bed in scrim tape, and apply a second coat feathered wider than the first.',
      ],
      ['Finish', 'Sand smooth and prime before painting.'],
    ],
  },
  {
    slug: 'prepare-walls-before-skimming',
    title: 'Prepare walls before skimming',
    type: 'preparation',
    difficulty: 'intermediate',
    duration_minutes: 60,
    audiences: ['pro', 'part'],
    categories: ['primers-and-preparation', 'patching-plasters'],
    extract: 'Get suction and adhesion right and the skim goes on easily.',
    steps: [
      [
        'Check the background',
        'Tap the wall to find hollow areas and cut them out; patch with a backing plaster.',
      ],
      [
        'Control suction',
        'Apply a bonding primer to high-suction or painted backgrounds and let it become tacky.',
      ],
      ['Protect and mask', 'Fit angle beads, cover floors and mask sockets and switches.'],
    ],
  },
  {
    slug: 'skim-a-wall-to-a-smooth-finish',
    title: 'Skim a wall to a smooth finish',
    type: 'finishing',
    difficulty: 'advanced',
    duration_minutes: 180,
    audiences: ['pro'],
    categories: ['finishing-plasters', 'filling-knives'],
    extract: 'Two thin coats, well timed trowelling and a polished finish ready for mist coat.',
    steps: [
      [
        'Mix to a creamy consistency',
        'Add plaster to clean water, never the other way round, and mix until lump-free.',
      ],
      ['First coat', 'Lay on a tight coat of about 1 mm working from bottom left, then flatten.'],
      [
        'Second coat',
        'When the first coat firms up, apply a second thin coat to bring the total to 2 to 3 mm.',
      ],
      ['Trowel up', 'As the plaster sets, trowel with a little water to close the surface and polish it.'],
    ],
  },
  {
    slug: 'fill-gaps-around-skirting-and-frames',
    title: 'Fill gaps around skirting and frames',
    type: 'finishing',
    difficulty: 'easy',
    duration_minutes: 30,
    audiences: ['part', 'pro'],
    categories: ['caulks-and-sealants', 'wood-fillers'],
    extract: 'A neat bead of decorator’s caulk hides gaps before painting.',
    steps: [
      ['Clean the joint', 'Vacuum dust from the gap and wipe with a damp cloth.'],
      ['Cut the nozzle', 'Cut the nozzle at 45° to a width slightly smaller than the gap.'],
      ['Run the bead', 'Pull the gun along the joint in one steady movement, then smooth with a wet finger.'],
    ],
  },
  {
    slug: 'repair-exterior-render',
    title: 'Repair cracked exterior render',
    type: 'exterior',
    difficulty: 'intermediate',
    duration_minutes: 120,
    audiences: ['part', 'pro'],
    categories: ['exterior-fillers', 'primers-and-preparation'],
    extract: 'Stop water getting behind render with a weather-resistant repair.',
    steps: [
      ['Check the weather', 'Work between 5 °C and 25 °C with no rain forecast for 24 hours.'],
      ['Cut out loose render', 'Remove anything hollow back to sound material and undercut the edges.'],
      ['Prime', 'Stabilise dusty edges with a masonry primer.'],
      [
        'Fill in layers',
        'Fill deeper repairs in layers no thicker than the product allows, scratching each layer.',
      ],
    ],
  },
  {
    slug: 'fill-and-sand-woodwork',
    title: 'Fill and sand woodwork before painting',
    type: 'preparation',
    difficulty: 'easy',
    duration_minutes: 40,
    audiences: ['part'],
    categories: ['wood-fillers', 'sanding'],
    extract: 'Fill dents, nail holes and open grain for a flawless gloss finish.',
    steps: [
      ['Sand back', 'Key the old paint with a medium abrasive and remove dust.'],
      ['Fill', 'Press wood filler into holes and dents, slightly proud of the surface.'],
      ['Sand flush', 'Sand the filler flush with a fine abrasive once hard.'],
    ],
  },
];

/** Ids of up to three products from each category (its main or secondary category). */
async function productsOf(db: Database, categorySlugs: string[]): Promise<number[]> {
  const rows = await db
    .select({ productId: productCategories.productId, slug: categories.slug })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(and(eq(categories.siteId, UK_SITE_ID), inArray(categories.slug, categorySlugs)))
    .orderBy(productCategories.productId);
  const ids = categorySlugs.flatMap((slug) =>
    rows
      .filter((r) => r.slug === slug)
      .slice(0, 3)
      .map((r) => r.productId),
  );
  return [...new Set(ids)];
}

export async function seedFolders(db: Database): Promise<void> {
  const inputs = [];
  for (const [index, folder] of folders.entries()) {
    const cover = await artwork(
      db,
      `cms/folder-${folder.slug}`,
      coverSvg(folder.title, folder.extract, index + 1),
      {
        alt: folder.title,
        width: 1200,
      },
    );
    inputs.push({
      slug: folder.slug,
      title: folder.title,
      type: folder.type,
      difficulty: folder.difficulty,
      duration_minutes: folder.duration_minutes,
      audiences: folder.audiences,
      extract: folder.extract,
      cover,
      position: index + 1,
      steps: folder.steps.map(([title, text]) => ({ title, text })),
      products: await productsOf(db, folder.categories),
    });
  }
  await insertContent(db, 'folder', inputs);
}
