/**
 * The wishlist e-mail (`POST /wishlist/send`): a fixed template, to the customer or a colleague, listing each
 * product with its packs and a link to its page, and the customer's optional note. Written with the blocks of
 * mail/templates.ts, so every value is escaped in the HTML part. Pure: no clock, no configuration read.
 */
import type { Audience } from '@plasterwick/shop-rules/constants';
import { pageUrl, render, type Block, type MailContent } from '../mail/index.ts';

export interface WishlistMailProduct {
  name: string;
  slug: string;
  /** The audience whose catalogue sells it: its page is there. */
  audience: Audience;
  /** Its packs ("1 kg box"). */
  packs: string[];
}

export interface WishlistMail {
  /** Who shares it ("Sam Plasterer") and their address (the colleague replies to it). */
  sender: { name: string; email: string };
  /** True when sent to the customer's own address. */
  toSelf: boolean;
  note?: string | undefined;
  products: WishlistMailProduct[];
}

export function wishlistMail(mail: WishlistMail, siteUrl: string): MailContent {
  const { sender, toSelf } = mail;
  const products: Block[] = mail.products.map((product) => ({
    kind: 'link',
    text: product.packs.length ? `${product.name} (${product.packs.join(', ')})` : product.name,
    url: pageUrl(siteUrl, { audience: product.audience }, `product/${product.slug}`),
  }));
  return render({
    subject: toSelf ? 'Your Plasterwick wishlist' : `${sender.name} shared a Plasterwick wishlist with you`,
    greeting: toSelf ? `Dear ${sender.name},` : 'Hello,',
    blocks: [
      {
        kind: 'paragraph',
        text: toSelf
          ? `Here is your wishlist: ${count(mail.products.length)}, with a link to each one.`
          : `${sender.name} (${sender.email}) thought you would like these Plasterwick products: ` +
            `${count(mail.products.length)}, with a link to each one. Reply to this e-mail to answer them.`,
      },
      ...(mail.note
        ? [
            {
              kind: 'fields',
              rows: [[toSelf ? 'Your note' : `A note from ${sender.name}`, mail.note]],
            } as Block,
          ]
        : []),
      ...products,
    ],
    signature: ['Kind regards,', 'Plasterwick'],
  });
}

const count = (n: number) => (n === 1 ? '1 product' : `${n} products`);
