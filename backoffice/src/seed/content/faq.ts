/** Frequently asked questions, grouped by FAQ tags. */
import type { Database } from '../../db/types.ts';
import { insertContent } from './insert.ts';

type Q = [tag: string, question: string, answer: string, audiences?: ('pro' | 'part')[]];

const questions: Q[] = [
  [
    'products',
    'What is the difference between powder and ready-mixed filler?',
    'Powder filler is mixed with water as you need it, so it keeps for longer and costs less per kilogram. Ready-mixed filler comes ready to use in a tub and is ideal for small repairs.',
  ],
  [
    'products',
    'Which filler should I use for deep holes?',
    'Use a deep gap filler. It can be applied up to the maximum thickness shown on the pack in one go without slumping or shrinking.',
  ],
  [
    'products',
    'Can I use interior filler outside?',
    'No. Interior fillers soften when wet. Use an exterior filler or repair mortar for render, brick and concrete.',
  ],
  [
    'products',
    'Do you make fillers for wood?',
    'Yes. Our wood fillers take screws and nails, can be sanded and stained, and come in flexible grades for exterior joinery.',
  ],
  [
    'products',
    'Are your products suitable for plasterboard joints?',
    'Use a jointing compound with paper or scrim tape. Ordinary fillers are not designed to bridge board joints.',
    ['pro'],
  ],
  [
    'application',
    'How thick can I apply filler in one coat?',
    'Each product has a maximum thickness in its technical data sheet. Thicker repairs should be built up in layers, letting each one harden.',
  ],
  [
    'application',
    'Do I need to dampen the surface before filling?',
    'On dry, porous backgrounds a light dampening stops the filler drying too quickly and cracking. On painted surfaces, sand to a key instead.',
  ],
  [
    'application',
    'What tools do I need?',
    'A flexible filling knife, a mixing board for powders, fine abrasive paper on a block and a dust sheet cover most jobs.',
  ],
  [
    'application',
    'Can I fill in cold weather?',
    'Apply between 5 °C and 25 °C. Below 5 °C fillers set slowly and exterior products can be damaged by frost.',
  ],
  [
    'application',
    'How do I avoid lumps in powder filler?',
    'Add the powder to clean water, never water to powder, and mix until smooth. Let it stand for a minute and mix again.',
  ],
  [
    'drying-and-finishing',
    'How long before I can paint over filler?',
    'Most of our fillers can be painted once they are hard and dry right through, from 1 hour for fast fillers to 24 hours for deep repairs. The drying time is on each product page.',
  ],
  [
    'drying-and-finishing',
    'Why has my filler cracked as it dried?',
    'Cracking usually means the layer was too thick for the product or the background was too absorbent. Fill in thinner layers and dampen porous surfaces.',
  ],
  [
    'drying-and-finishing',
    'Do I need to prime filler before painting?',
    'Yes: apply a mist coat of diluted emulsion or a primer so the filled area does not show through the topcoat.',
  ],
  [
    'drying-and-finishing',
    'How soon can I sand?',
    'Sand once the filler is hard. Sanding too early clogs the abrasive and tears the surface.',
  ],
  [
    'drying-and-finishing',
    'Can I wallpaper over filler?',
    'Yes, once it is dry and sanded smooth. Size the wall first so the paste does not soak into the repair.',
    ['part'],
  ],
  [
    'orders-and-delivery',
    'How long does delivery take?',
    'Orders placed by 2pm on a working day are usually delivered the next working day on the UK mainland.',
  ],
  [
    'orders-and-delivery',
    'Can I collect from a merchant?',
    'Yes. Use the stockist search to find a merchant or store near you and call ahead to check stock.',
  ],
  [
    'orders-and-delivery',
    'What if my order arrives damaged?',
    'Tell us within 48 hours with a photo and we will send a replacement.',
  ],
  [
    'orders-and-delivery',
    'Do you deliver outside the UK?',
    'This site delivers to UK addresses only. Our subsidiary sites serve other countries.',
  ],
  [
    'trade-accounts',
    'How do I open a trade account?',
    'Register with your company details and registration number. Our credit team replies within two working days.',
    ['pro'],
  ],
  [
    'trade-accounts',
    'Do you offer volume pricing?',
    'Yes. Pallet quantities and regular orders attract tiered discounts; ask your area representative.',
    ['pro'],
  ],
  [
    'trade-accounts',
    'Can you support a large project?',
    'Our jobsite support team replies within 48 hours and can visit site to specify the right system.',
    ['pro'],
  ],
  [
    'health-and-safety',
    'Where can I find safety data sheets?',
    'Safety data sheets for every product are in the technical documentation section.',
  ],
  [
    'health-and-safety',
    'Is filler dust harmful?',
    'Fine dust can irritate the lungs. Use dust extraction or wear a suitable mask when sanding, and ventilate the room.',
  ],
  [
    'health-and-safety',
    'How should I dispose of leftover filler?',
    'Let leftover filler harden, then put it in general waste. Do not pour it down drains.',
  ],
  [
    'health-and-safety',
    'Are your products safe around children and pets?',
    'Keep products out of reach while in use. Once dry, our interior fillers are inert.',
    ['part'],
  ],
];

export async function seedFaq(db: Database): Promise<void> {
  await insertContent(
    db,
    'faq',
    questions.map(([tag, question, answer, audiences], position) => ({
      question,
      answer: `<p>${answer}</p>`,
      tags: [tag],
      audiences: audiences ?? ['pro', 'part'],
      position: position + 1,
    })),
  );
}
