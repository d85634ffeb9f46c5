import type { BlockDocument } from '#shared/templates/blocks.ts';

// The demo's people and e-mail content, as `npm run db:seed` writes them (seedDemoData in demo.ts).

export type DemoEventType = 'email.delivered' | 'email.opened' | 'email.clicked' | 'email.bounced';

export interface DemoContact {
  email: string;
  full_name: string;
  phone: string;
  email_consent: boolean;
  sms: boolean;
  /** Asked for e-mail marketing on the sell form, not confirmed yet (decision 016). */
  pending?: boolean;
}

export const demoContacts: readonly DemoContact[] = [
  {
    email: 'olivia.nguyen@example.com',
    full_name: 'Olivia Nguyen',
    phone: '0491 570 006',
    email_consent: true,
    sms: true,
  },
  {
    email: 'james.wilson@example.com',
    full_name: 'James Wilson',
    phone: '0491 570 156',
    email_consent: true,
    sms: false,
  },
  {
    email: 'charlotte.smith@example.com',
    full_name: 'Charlotte Smith',
    phone: '0491 570 157',
    email_consent: true,
    sms: true,
  },
  {
    email: 'liam.brown@example.com',
    full_name: 'Liam Brown',
    phone: '0491 570 158',
    email_consent: true,
    sms: false,
  },
  {
    email: 'amelia.jones@example.com',
    full_name: 'Amelia Jones',
    phone: '0491 570 159',
    email_consent: true,
    sms: false,
  },
  {
    email: 'noah.taylor@example.com',
    full_name: 'Noah Taylor',
    phone: '0491 570 110',
    email_consent: true,
    sms: true,
  },
  {
    email: 'isla.martin@example.com',
    full_name: 'Isla Martin',
    phone: '0491 570 313',
    email_consent: true,
    sms: false,
  },
  {
    email: 'william.lee@example.com',
    full_name: "William O'Connor-Lee",
    phone: '0491 570 737',
    email_consent: true,
    sms: false,
  },
  {
    email: 'mia.white@example.com',
    full_name: 'Mia White',
    phone: '0491 570 801',
    email_consent: false,
    sms: false,
    // Ticked the box on the sell form but has not opened the confirmation link yet.
    pending: true,
  },
  {
    email: 'jack.harris@example.com',
    full_name: 'Jack Harris',
    phone: '0491 570 802',
    email_consent: true,
    sms: false,
  },
  {
    email: 'grace.clarke@example.com',
    full_name: 'Grace Clarke',
    phone: '0491 570 803',
    email_consent: true,
    sms: true,
  },
  {
    email: 'thomas.walker@example.com',
    full_name: 'Thomas Walker',
    phone: '0491 570 804',
    email_consent: false,
    sms: false,
  },
];

/*
 * The demo templates are built from blocks (decision 054), stored with the HTML the one renderer
 * makes of them, as the block editor saves them. Photos are the site's own (client/public/assets,
 * the home page's recent purchases), as JPEG, which every mail client shows. No prices and no
 * promises the site does not make (public-site.md): a free valuation, authentication, bank transfer.
 */
export function newsletterBlocks(appUrl: string): BlockDocument {
  return {
    version: 1,
    blocks: [
      { type: 'heading', text: 'Hello {{first_name}},', level: 1 },
      {
        type: 'richText',
        html: '<p>Demand for steel sports models from <strong>Rolex</strong>, <strong>Patek Philippe</strong> and <strong>Audemars Piguet</strong> remains strong this season.</p><p>If you have been thinking about selling, now is a good time to request a free, no-obligation valuation.</p>',
      },
      {
        type: 'columns',
        left: [
          {
            type: 'watch',
            url: `${appUrl}/assets/recent/recent-2.jpg`,
            alt: 'Patek Philippe Nautilus with blue dial',
            brand: 'Patek Philippe',
            model: 'Nautilus',
            text: 'Steel references with box and papers are most sought after.',
          },
        ],
        right: [
          {
            type: 'watch',
            url: `${appUrl}/assets/recent/recent-3.jpg`,
            alt: 'Audemars Piguet Royal Oak in stainless steel',
            brand: 'Audemars Piguet',
            model: 'Royal Oak',
            text: 'Integrated-bracelet designs continue to draw collectors.',
          },
        ],
      },
      { type: 'button', label: 'Get your free valuation', url: '{{valuation_url}}' },
      { type: 'footer' },
    ],
  };
}

export const reminderBlocks: BlockDocument = {
  version: 1,
  blocks: [
    { type: 'heading', text: 'Your valuation is waiting, {{first_name}}', level: 1 },
    {
      type: 'richText',
      html: '<p>Thanks for telling us about your {{watch_brand}}. Reply to this e-mail or book a time to bring it in for authentication by our watchmakers.</p><p>Payment is by bank transfer once your watch is authenticated.</p>',
    },
    { type: 'divider' },
    {
      type: 'richText',
      html: '<ul><li>A free, no-obligation valuation</li><li>Authentication by our watchmakers</li><li>Payment by bank transfer</li></ul>',
    },
    { type: 'footer' },
  ],
};

export function seasonalBlocks(appUrl: string): BlockDocument {
  return {
    version: 1,
    blocks: [
      {
        type: 'image',
        url: `${appUrl}/assets/recent/recent-1.jpg`,
        alt: 'Rolex Submariner Date with black dial on an Oyster bracelet',
        href: `${appUrl}/sell`,
      },
      { type: 'heading', text: 'This summer, we are buying', level: 1 },
      {
        type: 'richText',
        html: '<p>Dear {{first_name}},</p><p>Before the year ends, we are looking for fine watches from private owners across Australia: Rolex, Patek Philippe, Audemars Piguet, Omega, Cartier and other leading houses, in any condition, with or without box and papers.</p>',
      },
      { type: 'button', label: 'Request a valuation', url: `${appUrl}/sell` },
      { type: 'spacer', size: 16 },
      {
        type: 'columns',
        left: [
          {
            type: 'watch',
            url: `${appUrl}/assets/recent/recent-4.jpg`,
            alt: 'Rolex Cosmograph Daytona with white dial',
            brand: 'Rolex',
            model: 'Cosmograph Daytona',
            text: 'Steel and precious-metal references, any year.',
          },
        ],
        right: [
          {
            type: 'watch',
            url: `${appUrl}/assets/recent/recent-6.jpg`,
            alt: 'Omega Speedmaster Professional Moonwatch',
            brand: 'Omega',
            model: 'Speedmaster Professional',
            text: 'Vintage and modern Moonwatches alike.',
          },
        ],
      },
      { type: 'divider' },
      {
        type: 'richText',
        html: '<p>Tell us about your watch online and we will reply with a free, no-obligation valuation. Every watch is authenticated by our watchmakers, and payment is by bank transfer.</p>',
      },
      { type: 'footer' },
    ],
  };
}

/** True when the database holds no business data yet (fresh install). */
export const DEMO_PREHEADER = 'Steel sports models are in demand: see what yours could fetch, {{first_name}}';
