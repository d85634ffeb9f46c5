import { watchBrandChoices, watchConditionChoices } from '#shared/content/choices.ts';
import { CheckboxField, SelectField, TextAreaField, TextField } from './fields.tsx';
import type { SellFormErrors, SellFormField, SellFormValues } from './form-state.ts';

export interface StepProps {
  values: SellFormValues;
  errors: SellFormErrors;
  onChange: <F extends SellFormField>(field: F, value: SellFormValues[F]) => void;
}

export function PersonalStep({ values, errors, onChange }: StepProps) {
  return (
    <>
      <TextField
        field="fullName"
        label="Full name"
        required
        autoComplete="name"
        value={values.fullName}
        error={errors.fullName}
        onChange={(v) => onChange('fullName', v)}
      />
      <TextField
        field="email"
        label="Email address"
        type="email"
        required
        autoComplete="email"
        inputMode="email"
        value={values.email}
        error={errors.email}
        onChange={(v) => onChange('email', v)}
      />
      <TextField
        field="phone"
        label="Phone number"
        type="tel"
        required
        autoComplete="tel"
        inputMode="tel"
        placeholder="04xx xxx xxx"
        value={values.phone}
        error={errors.phone}
        onChange={(v) => onChange('phone', v)}
      />
    </>
  );
}

export function WatchStep({ values, errors, onChange }: StepProps) {
  const detailsLength = [...values.additionalDetails.trim()].length;
  return (
    <>
      <div className="sell-row">
        <SelectField
          field="watchBrand"
          label="Brand"
          required
          placeholder="Select a brand"
          options={watchBrandChoices}
          value={values.watchBrand}
          error={errors.watchBrand}
          onChange={(v) => onChange('watchBrand', v)}
        />
        <TextField
          field="watchModel"
          label="Model"
          placeholder="e.g. Submariner 126610LN"
          value={values.watchModel}
          error={errors.watchModel}
          onChange={(v) => onChange('watchModel', v)}
        />
      </div>
      <div className="sell-row">
        <TextField
          field="watchYear"
          label="Year"
          inputMode="numeric"
          placeholder="e.g. 2019"
          value={values.watchYear}
          error={errors.watchYear}
          onChange={(v) => onChange('watchYear', v)}
        />
        <SelectField
          field="watchCondition"
          label="Condition"
          required
          placeholder="Select condition"
          options={watchConditionChoices}
          value={values.watchCondition}
          error={errors.watchCondition}
          onChange={(v) => onChange('watchCondition', v)}
        />
      </div>
      <fieldset className="sell-fieldset">
        <legend className="sell-label">Box and papers</legend>
        <CheckboxField
          field="hasBox"
          label="I have the original box"
          checked={values.hasBox}
          onChange={(v) => onChange('hasBox', v)}
        />
        <CheckboxField
          field="hasPapers"
          label="I have the original papers"
          checked={values.hasPapers}
          onChange={(v) => onChange('hasPapers', v)}
        />
      </fieldset>
      <TextAreaField
        field="additionalDetails"
        label="Additional details"
        hint={`Service history, damage, extra links or anything else we should know. ${detailsLength} of 2000 characters.`}
        value={values.additionalDetails}
        error={errors.additionalDetails}
        onChange={(v) => onChange('additionalDetails', v)}
      />
    </>
  );
}

export function ConsentFields({ values, onChange }: Omit<StepProps, 'errors'>) {
  return (
    <fieldset className="sell-fieldset">
      <legend className="sell-label">
        Market updates <span className="sell-optional">(optional)</span>
      </legend>
      <CheckboxField
        field="emailMarketingConsent"
        label="Email me market updates and offers"
        checked={values.emailMarketingConsent}
        onChange={(v) => onChange('emailMarketingConsent', v)}
      />
      <CheckboxField
        field="smsMarketingConsent"
        label="Text me (SMS) market updates and offers"
        checked={values.smsMarketingConsent}
        onChange={(v) => onChange('smsMarketingConsent', v)}
      />
      <p className="sell-hint">
        You can unsubscribe at any time. See our <a href="/privacy">Privacy Policy</a>.
      </p>
    </fieldset>
  );
}
