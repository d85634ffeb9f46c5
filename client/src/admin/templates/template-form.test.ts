import { describe, expect, it } from 'vitest';
import { STARTER_TEMPLATE_HTML } from '#shared/templates/kinds.ts';
import { templateFormValues, withExtracted } from './template-form.ts';

describe('template form', () => {
  it("starts a new template from its kind's starter HTML", () => {
    expect(templateFormValues(undefined, 'reply')).toEqual({
      templateName: '',
      subject: '',
      preheader: '',
      description: '',
      htmlContent: STARTER_TEMPLATE_HTML.reply,
      textContent: '',
      variables: [],
      variableDefaults: {},
    });
    expect(templateFormValues(undefined, 'marketing').htmlContent).toBe(STARTER_TEMPLATE_HTML.marketing);
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
