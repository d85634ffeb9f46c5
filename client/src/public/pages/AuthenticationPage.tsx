import type { AuthenticationPageData } from '#shared/content/pages/types.ts';
import { Icon } from '../../ui/Icon.tsx';
import {
  CallButtons,
  ClosingCta,
  InfoCards,
  PageHero,
  ProcessSteps,
  ResourceLinks,
  Section,
} from '../components/sections.tsx';
import { SmartLink } from '../components/SmartLink.tsx';

export function AuthenticationPage({ data }: { data: AuthenticationPageData }) {
  return (
    <main>
      <PageHero eyebrow="Certified watchmakers" title="Luxury Watch Authentication" subtitle={data.intro}>
        <CallButtons />
      </PageHero>
      <Section id="process" title="Our Four-Step Process">
        <ProcessSteps steps={data.steps} />
      </Section>
      <Section
        id="specialities"
        tone="muted"
        title="Brand Specialities"
        intro="What we look for on the watches we see most."
      >
        <ul className="card-grid card-grid-4">
          {data.specialities.map((s) => (
            <li key={s.brand} className="card">
              <h3>{s.brand}</h3>
              <ul className="check-list">
                {s.checks.map((check) => (
                  <li key={check}>
                    <Icon name="check" size={16} />
                    {check}
                  </li>
                ))}
              </ul>
              {s.url && (
                <SmartLink href={s.url} className="text-link">
                  {s.url.startsWith('/blog/') ? `Read our ${s.brand} guide` : `Sell your ${s.brand}`}
                  <Icon name="arrow-right" size={16} />
                </SmartLink>
              )}
            </li>
          ))}
        </ul>
      </Section>
      <Section id="reasons" title="Why Choose Our Authentication">
        <InfoCards cards={data.reasons} />
      </Section>
      <Section id="further-reading" tone="muted" title="Guides From Our Watchmakers">
        <ResourceLinks links={data.resources} />
      </Section>
      <Section id="industry" title="Industry Resources" intro="Independent organisations worth knowing.">
        <ResourceLinks links={data.industryLinks} />
      </Section>
      <ClosingCta
        title="Have Your Watch Authenticated"
        text="Authentication is free with every valuation. Tell us about your watch or call our team."
      />
    </main>
  );
}
