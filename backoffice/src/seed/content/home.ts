/** Home page content per audience: hero slides, pushes and customer testimonies. */
import type { Database } from '../../db/types.ts';
import { illustrationAlt, illustrationSvg } from './art.ts';
import { artwork, insertContent } from './insert.ts';

type Audience = 'pro' | 'part';

const slides: { audience: Audience; titre: string; text: string; label_link: string; url: string }[] = [
  {
    audience: 'pro',
    titre: 'One-pass fillers for busy sites',
    text: 'Deep gap fillers that set hard without slumping, so you can sand and paint the same day.',
    label_link: 'See deep gap fillers',
    url: '/professional-filler/category/deep-gap-fillers',
  },
  {
    audience: 'pro',
    titre: 'Skim finishes that win repeat work',
    text: 'Finishing plasters with a long open time and a glass-smooth set, trowelled on board or backing coat.',
    label_link: 'Browse finishing plasters',
    url: '/professional-filler/category/finishing-plasters',
  },
  {
    audience: 'pro',
    titre: 'Find the right product in four questions',
    text: 'Surface, job, finish and format: our selector guide narrows the range for you.',
    label_link: 'Open the selector guide',
    url: '/professional-filler/choice-guide',
  },
  {
    audience: 'pro',
    titre: 'Jobsite support within 48 hours',
    text: 'Starting a large job? Our technical team visits site and specifies the system with you.',
    label_link: 'Request jobsite support',
    url: '/professional-filler/jobsite-support',
  },
  {
    audience: 'part',
    titre: 'Cracks gone by the weekend',
    text: 'Ready-mixed fillers that go straight from tub to wall and sand to a smooth finish.',
    label_link: 'Shop ready-mixed fillers',
    url: '/diy-filler/category/ready-mixed-fillers',
  },
  {
    audience: 'part',
    titre: 'Not sure which filler?',
    text: 'Answer four quick questions and we will suggest the product for your job.',
    label_link: 'Help me choose',
    url: '/diy-filler/choice-guide',
  },
  {
    audience: 'part',
    titre: 'Step-by-step repair guides',
    text: 'From nail holes to crumbling render, our how-to guides walk you through each stage.',
    label_link: 'Read the guides',
    url: '/diy-filler/folder/fill-cracks-in-a-plaster-wall',
  },
];

const pushes: { audience: Audience; titre: string; text: string; label_link: string; url: string }[] = [
  {
    audience: 'pro',
    titre: 'Technical data sheets',
    text: 'Coverage, drying times and substrates for every product, ready to print.',
    label_link: 'Technical documentation',
    url: '/professional-filler/technical-documentation',
  },
  {
    audience: 'pro',
    titre: 'Hands-on training',
    text: 'One-day courses at our Preston training centre for teams of three to five.',
    label_link: 'Book a course',
    url: '/professional-filler/training',
  },
  {
    audience: 'pro',
    titre: 'Find a trade counter',
    text: 'Over 150 merchants and trade counters stock the Plasterwick range.',
    label_link: 'Where to buy',
    url: '/professional-filler/where-to-find-our-products',
  },
  {
    audience: 'part',
    titre: 'How much filler do I need?',
    text: 'Enter the area and depth and the calculator tells you which packs to buy.',
    label_link: 'Quantity calculator',
    url: '/diy-filler/quantity-calculator',
  },
  {
    audience: 'part',
    titre: 'Questions answered',
    text: 'Drying times, sanding, painting over filler: the answers our helpline gives most.',
    label_link: 'Read the FAQ',
    url: '/diy-filler/frequently-asked-questions',
  },
  {
    audience: 'part',
    titre: 'Your nearest stockist',
    text: 'Search by postcode or town to find a DIY store near you.',
    label_link: 'Find a shop',
    url: '/diy-filler/where-to-find-our-products',
  },
];

const testimonies = [
  {
    author: 'Dean Whitfield',
    role: 'Plastering contractor',
    company: 'Whitfield Interiors',
    text: 'The multi-finish skim gives my lads a good forty minutes before it goes off, even in a warm new build.',
    rating: 5,
    audiences: ['pro'],
  },
  {
    author: 'Priya Nair',
    role: 'Site manager',
    company: 'Harbourside Homes',
    text: 'Their technical team came out within two days and sorted our specification for sixty flats.',
    rating: 5,
    audiences: ['pro'],
  },
  {
    author: 'Gareth Lloyd',
    role: 'Painter and decorator',
    company: 'Lloyd & Sons Decorating',
    text: 'The fine surface filler feathers out to nothing. One light sand and it is ready for the mist coat.',
    rating: 4,
    audiences: ['pro'],
  },
  {
    author: 'Hannah Brooks',
    role: 'First-time renovator',
    company: '',
    text: 'I filled every crack in our Victorian hallway following the how-to guide. You cannot see where they were.',
    rating: 5,
    audiences: ['part'],
  },
  {
    author: 'Tom Ashworth',
    role: 'Weekend DIYer',
    company: '',
    text: 'The flexible filler round the window frame has not cracked again after a whole winter.',
    rating: 4,
    audiences: ['part'],
  },
  {
    author: 'Margaret Kelly',
    role: 'Landlord',
    company: 'Kelly Lettings',
    text: 'Between tenants I patch and paint myself. The ready-mixed tubs keep for months once opened.',
    rating: 5,
    audiences: ['part', 'pro'],
  },
  {
    author: 'Owen Pritchard',
    role: 'Dryliner',
    company: 'Pritchard Drylining Ltd',
    text: 'Joint filler sands easily and does not shrink back in the joints. Fewer call-backs for us.',
    rating: 5,
    audiences: ['pro'],
  },
];

export async function seedHome(db: Database): Promise<void> {
  const entries = [
    ...slides.map((s) => ({ ...s, kind: 'slide' as const, width: 1600 })),
    ...pushes.map((p) => ({ ...p, kind: 'push' as const, width: 800 })),
  ];
  const inputs = [];
  for (const [index, entry] of entries.entries()) {
    const cover = await artwork(
      db,
      `cms/${entry.kind}-${entry.audience}-${index + 1}`,
      illustrationSvg(index),
      { alt: illustrationAlt(index), width: entry.width },
    );
    const { kind, titre, text, label_link, url } = entry;
    inputs.push({
      kind,
      titre,
      text,
      label_link,
      url,
      audiences: [entry.audience],
      cover,
      position: index + 1,
    });
  }
  await insertContent(db, 'slider', inputs);
  await insertContent(
    db,
    'testimony',
    testimonies.map((t, position) => ({ ...t, position: position + 1 })),
  );
}
