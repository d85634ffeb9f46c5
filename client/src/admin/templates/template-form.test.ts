import { describe, expect, it } from 'vitest';
import { STARTER_TEMPLATE_HTML } from '#shared/templates/kinds.ts';
import { templateFormValues, withExtracted } from './template-form.ts';

describe('template form', () => {
  it("starts a new template from its kind's starter HTML", () => {
    expect(templateFormValues(undefined, 'reply')).toEqual({
      template_name: '',
      subject: '',
      preheader: '',
      description: '',
      html_content: STARTER_TEMPLATE_HTML.reply,
      text_content: '',
      variables: [],
      variable_defaults: {},
    });
    expect(templateFormValues(undefined, 'marketing').html_content).toBe(STARTER_TEMPLATE_HTML.marketing);
  });

  it('adds the variables found in the HTML after the listed ones, once each', () => {
    expect(withExtracted(['offer', 'season'], ['season', 'store', 'offer'])).toEqual([
      'offer',
      'season',
      'store',
    ]);
    expect(withExtracted([], [])).toEqual([]);
  });
});
