import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { defaultSiteConfig } from '#shared/site/config.ts';

vi.stubGlobal('__SITE_CONFIG__', defaultSiteConfig);
const { SellConfirmation } = await import('./SellConfirmation.tsx');

// The confirmation says the enquiry is in once (decision 095): the thanks, then the spec's line.

describe('the sell form’s confirmation', () => {
  it('thanks the seller and gives the success line once, without a second "with us"', () => {
    const html = renderToStaticMarkup(
      <SellConfirmation
        enquiry={{
          reference: 'EQ-1',
          firstName: 'Jane',
          email: 'jane@example.com',
          confirmationRequested: false,
        }}
        onAnother={() => undefined}
      />,
    );
    expect(html).toContain('>Thank you, Jane.</h2>');
    expect(html).not.toContain('with us');
    expect(html.split('Form submitted successfully!')).toHaveLength(2);
  });
});
