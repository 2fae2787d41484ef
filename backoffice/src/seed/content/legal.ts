/**
 * The legal pages of a UK manufacturer selling online to consumers (DIY) and businesses (trade): terms of sale,
 * privacy policy, cookie policy and legal notice. Durations and names come from the code that sets them (session
 * days, basket token days, cookie and storage names), so the pages stay true when those change.
 */
import {
  AUTH_INDICATOR_COOKIE,
  CUSTOMER_BASKET_DAYS,
  SESSION_COOKIE,
  SESSION_DAYS,
} from '@plasterwick/shop-rules/accounts';
import { CART_TOKEN_DAYS } from '@plasterwick/shop-rules/constants';

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');
const ul = (...items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;

/** Company details printed on every legal page. */
const COMPANY = 'Plasterwick Ltd, Plasterwick Works, Preston, Lancashire, registered in England and Wales';
const CONTACT = 'customer.service@plasterwick.co.uk';
const PRIVACY_CONTACT = 'privacy@plasterwick.co.uk';

export interface LegalPage {
  slug: string;
  title: string;
  extract: string;
  /** [section heading, section HTML] */
  sections: [string, string][];
}

export const legalPages: LegalPage[] = [
  {
    slug: 'terms-of-sale',
    title: 'Terms of sale',
    extract:
      'The terms on which we sell our products through this website, to consumers and to trade customers.',
    sections: [
      [
        'About these terms',
        p(
          `These terms apply to every order placed on this website with ${COMPANY} ("we", "us"). Please read them before you order. Where a term applies only to consumers (people buying for themselves, not for a business) or only to trade customers (businesses buying in the course of their work), it says so.`,
          `You can contact us at ${CONTACT} or by telephone on the customer service number shown on every page.`,
        ),
      ],
      [
        'Your order and our contract',
        p(
          'When you place an order you make an offer to buy the products in your basket. We accept it, and a contract is formed, when we send you the order confirmation e-mail. If we cannot accept your order (for example because a product is out of stock or a price was shown in error), we will tell you and will not charge you.',
        ),
      ],
      [
        'Prices and VAT',
        p(
          'Prices are in pounds sterling. On the DIY site, prices shown to consumers include VAT at the current rate of 20 %. On the professional site, trade prices are shown excluding VAT, and VAT is added at checkout and on the invoice. Delivery charges are shown in the basket before you pay.',
        ),
      ],
      [
        'Delivery',
        p(
          'We deliver to addresses in the United Kingdom; remote areas (including the Scottish Highlands and Islands, Northern Ireland and offshore islands) carry a surcharge shown at checkout. Delivery times are estimates given in working days from the day we accept your order. You can also collect an order from a participating stockist.',
          'The products are at your risk from the time they are delivered to you or to someone you nominate. If we are late delivering, consumers may treat the contract as at an end where the Consumer Rights Act 2015 allows it.',
        ),
      ],
      [
        'Your right to cancel (consumers)',
        p(
          'Under the Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013 you may cancel your order for any reason within 14 days of the day you (or someone you nominate) receive the products. To cancel, tell us clearly by e-mail or post; you may use the model cancellation form, but you do not have to.',
          'Send the products back within 14 days of telling us, at your own cost unless they are faulty. We refund the price and the standard delivery charge within 14 days of receiving the products back (or proof that you sent them), by the same means you paid. For health and safety reasons, sealed products whose seal has been broken after delivery (for example an opened tub of ready-mixed filler) cannot be returned unless faulty, and we may reduce a refund if a product has been handled more than was needed to inspect it.',
        ),
      ],
      [
        'Faulty products (consumers)',
        p(
          'Your legal rights under the Consumer Rights Act 2015 are not affected by these terms. Products must be as described, fit for purpose and of satisfactory quality. If a product is faulty you may reject it for a full refund within 30 days of delivery; after that you are entitled to a repair or replacement, and if that fails, to a price reduction or refund.',
        ),
      ],
      [
        'Trade accounts',
        p(
          'A business may apply for a trade account. Once approved, a trade customer may pay on account within the payment terms and credit limit we agree in writing (usually 30 days from the date of invoice), quoting a purchase-order number where the account requires one. We may suspend credit when an invoice is overdue or the credit limit would be exceeded. We may charge statutory interest on late payment under the Late Payment of Commercial Debts (Interest) Act 1998.',
          'For trade customers, the 14-day cancellation right does not apply. Claims for shortages or visible damage must be notified within 3 working days of delivery. Title in the products passes to you when we have received payment in full.',
        ),
      ],
      [
        'Using our products',
        p(
          'Follow the instructions on the pack and the technical and safety data sheets published on each product page. Allow the drying times stated before sanding or painting.',
        ),
      ],
      [
        'Our liability',
        p(
          'We are responsible to consumers for loss or damage that is a foreseeable result of our breaking these terms or failing to use reasonable care and skill. We do not exclude or limit our liability where it would be unlawful to do so, including for death or personal injury caused by our negligence, for fraud, or for breach of your legal rights in relation to the products.',
          'For trade customers, we are not liable for loss of profit, loss of business or any indirect or consequential loss, and our total liability for any order is limited to the price paid for that order.',
        ),
      ],
      [
        'Complaints and governing law',
        p(
          `If you have a complaint, contact ${CONTACT} and we will reply within 5 working days.`,
          'These terms are governed by the law of England and Wales. Consumers may bring proceedings in the courts of England and Wales, or in Scotland or Northern Ireland if they live there; trade customers submit to the exclusive jurisdiction of the courts of England and Wales.',
        ),
      ],
    ],
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy policy',
    extract: 'What personal data we collect, why, how long we keep it, and the rights you have over it.',
    sections: [
      [
        'Who we are',
        p(
          `${COMPANY} is the controller of the personal data described here, under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018. Write to ${PRIVACY_CONTACT} with any question about your data.`,
        ),
      ],
      [
        'What we collect and why',
        ul(
          '<strong>Contact, jobsite support and training forms</strong>: your name, e-mail address, telephone number, company and message, to answer your request (our legitimate interest, or steps before a contract you ask for).',
          '<strong>Job applications</strong>: your details, covering message and CV, to consider your application (steps before an employment contract).',
          '<strong>Basket</strong>: the products and quantities you add, kept against a random basket reference so you can come back to it.',
          '<strong>Checkout and orders</strong>: your name, e-mail address, telephone number, delivery and billing addresses, the items ordered and the payment status, to deliver and invoice your order (performance of a contract) and to keep accounting records (legal obligation). Card details are handled by our payment provider; we never see or store your full card number.',
          '<strong>Customer accounts</strong>: your name, e-mail address, a one-way hash of your password, saved addresses, wishlist and order history, to run your account (performance of a contract). Trade accounts also hold the payment terms and credit limit we agree with you.',
          '<strong>Security</strong>: the network address of requests and the times of sign-in attempts, to protect accounts and forms from abuse (our legitimate interest).',
        ),
      ],
      [
        'How long we keep it',
        ul(
          'Contact messages, jobsite support requests and training registrations: two years after we receive them, then deleted automatically.',
          'Job applications and CVs: 12 months after the vacancy closes (12 months after we receive a speculative application), then deleted automatically with the CV.',
          `Baskets: ${CART_TOKEN_DAYS} days for a guest basket without activity, ${CUSTOMER_BASKET_DAYS} days after the last change for a customer's basket.`,
          'Orders and invoices: six years after the end of the financial year, as tax law requires.',
          'Customer accounts: until you close your account, then as above for your orders.',
        ),
      ],
      [
        'Who we share it with',
        p(
          'We share your data only with the service providers who help us run the shop (hosting, e-mail delivery, payment processing and carriers delivering your order), under contracts that require them to protect it, and with authorities where the law requires. Your data is stored in the United Kingdom; where a provider processes it elsewhere, the transfer is protected by UK adequacy regulations or the International Data Transfer Agreement.',
        ),
      ],
      [
        'Your rights',
        p(
          `You have the right to access your data, to have it corrected or erased, to restrict or object to its use, and to data portability. Where we rely on your consent you may withdraw it at any time. Write to ${PRIVACY_CONTACT}; we will reply within one month.`,
          'If you are unhappy with how we handle your data, you may complain to the Information Commissioner’s Office (ICO), the UK regulator, at ico.org.uk or on 0303 123 1113.',
        ),
      ],
    ],
  },
  {
    slug: 'cookie-policy',
    title: 'Cookie policy',
    extract: 'The cookies and browser storage this site uses, and how to change your choices.',
    sections: [
      [
        'How we use cookies',
        p(
          'Cookies are small files a website stores in your browser. Under the Privacy and Electronic Communications Regulations (PECR), we set only the cookies the site needs to work without asking you; anything else waits for your consent, which you can change at any time from the cookie settings link in the footer.',
        ),
      ],
      [
        'Strictly necessary cookies',
        ul(
          '<strong>cc_cookie</strong>: remembers your cookie choices; kept for six months.',
          `<strong>${SESSION_COOKIE}</strong>: keeps you signed in to your account; secure and not readable by scripts, kept for ${SESSION_DAYS} days from your last visit, deleted when you sign out.`,
          `<strong>${AUTH_INDICATOR_COOKIE.name}</strong>: tells the pages that you are signed in, so they show your account menu; holds no personal data, same duration as ${SESSION_COOKIE}.`,
        ),
      ],
      [
        'Browser storage',
        p(
          'Some features keep data in your browser’s own storage rather than in cookies; it never leaves your device unless the feature sends it to us (for example your basket at checkout).',
        ) +
          ul(
            '<strong>plasterwick:basket</strong> (local storage): your basket reference and lines, so your basket survives a reload.',
            '<strong>plasterwick:favorites</strong> (local storage): the products you marked as favourites.',
            '<strong>plasterwick:compare</strong> (session storage): the products you are comparing, cleared when you close the tab.',
            '<strong>plasterwick:auth</strong> (local storage): your first name and account type, to greet you while signed in.',
            '<strong>plasterwick:order</strong> and <strong>plasterwick:order-access</strong> (local storage): the checkout in progress and, for two hours, access to the confirmation of the order you just placed.',
          ),
      ],
      [
        'Optional cookies',
        p(
          'Analytics, advertising and video cookies are set only if you accept them in the cookie banner. Videos from third-party players load only once you accept video cookies. You can withdraw your consent at any time from the cookie settings link; you can also delete cookies in your browser settings.',
        ),
      ],
    ],
  },
  {
    slug: 'legal-notice',
    title: 'Legal notice',
    extract: 'Company details of the publisher of this website.',
    sections: [
      ['Publisher', p(`${COMPANY}. E-mail: ${CONTACT}.`)],
      ['Hosting', p('The site is hosted in the United Kingdom.')],
    ],
  },
];
