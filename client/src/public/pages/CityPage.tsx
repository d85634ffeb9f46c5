import { Link } from '@tanstack/react-router';
import type { CityPageData } from '#shared/content/pages/types.ts';
import { FaqAccordion } from '../components/FaqAccordion.tsx';
import { Icon } from '../../ui/Icon.tsx';
import {
  CallButtons,
  CityGrid,
  ClosingCta,
  InfoCards,
  PageHero,
  ProcessSteps,
  Section,
  SellPreset,
  Testimonials,
  TrustBadges,
} from '../components/sections.tsx';
import { SmartLink } from '../components/SmartLink.tsx';

export function CityPage({ data }: { data: CityPageData }) {
  return (
    <SellPreset value={{ city: data.city }}>
      <main>
        <PageHero
          breadcrumb={data.city}
          eyebrow={`${data.city}, ${data.state}`}
          title={data.heroTitle}
          subtitle={data.heroSubtitle}
        >
          <CallButtons />
        </PageHero>
        <div className="container trust-wrap">
          <TrustBadges items={data.trust} />
        </div>
        <Section id="how-it-works" title={`How It Works in ${data.city}`}>
          <ProcessSteps steps={data.steps} />
        </Section>
        <Section id="authentication" tone="muted" title="Our Authentication Process">
          <InfoCards cards={data.authenticationCards} />
          <p className="section-more">
            <Link
              to="/blog/$slug"
              params={{ slug: 'authenticate-vintage-omega-speedmaster' }}
              className="text-link"
            >
              See how we authenticate a vintage Omega Speedmaster <Icon name="arrow-right" size={16} />
            </Link>
          </p>
        </Section>
        <Section id="areas" title={`Areas We Serve Around ${data.city}`}>
          <ul className="pill-list">
            {data.localAreas.map((area) => (
              <li key={area} className="pill">
                <Icon name="map-pin" size={16} />
                {area}
              </li>
            ))}
          </ul>
        </Section>
        <Section
          id="brands"
          tone="muted"
          title="Brands We Buy"
          intro="Links open the maker’s official website."
        >
          <ul className="tile-grid tile-grid-compact">
            {data.brandLinks.map((b) => (
              <li key={b.name}>
                <SmartLink href={b.url} className="tile">
                  <span className="tile-title">{b.name}</span>
                  <Icon name="external" size={16} className="tile-arrow" />
                </SmartLink>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="testimonials" title={`Sellers in ${data.city} and Beyond`}>
          <Testimonials items={data.testimonials} />
        </Section>
        <Section id="other-cities" tone="muted" title="We Also Buy Watches In">
          <CityGrid cities={data.otherCities} />
          <p className="section-more">
            <Link to="/" className="text-link">
              View All Locations <Icon name="arrow-right" size={16} />
            </Link>
          </p>
        </Section>
        <Section id="faq" title={`Selling a Watch in ${data.city}: FAQ`}>
          <div className="narrow">
            <FaqAccordion items={data.faqs} />
          </div>
        </Section>
        <ClosingCta
          title={`Sell Your Watch in ${data.city} Today`}
          text="Free valuation, expert authentication and payment by bank transfer."
        />
      </main>
    </SellPreset>
  );
}
