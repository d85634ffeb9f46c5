import { Link } from '@tanstack/react-router';
import type { BrandPageData } from '#shared/content/pages/types.ts';
import { brandChoiceFor } from '#shared/leads/sell-search.ts';
import { FaqAccordion } from '../components/FaqAccordion.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Image } from '../components/Image.tsx';
import {
  CallButtons,
  ClosingCta,
  InfoCards,
  PageHero,
  ProcessSteps,
  Section,
  SellPreset,
  Testimonials,
  TrustBadges,
} from '../components/sections.tsx';

export function BrandPage({ data }: { data: BrandPageData }) {
  return (
    <SellPreset value={{ brand: brandChoiceFor(data.brandName) }}>
      <main>
        <PageHero
          breadcrumb={`Sell ${data.brandName}`}
          eyebrow={`${data.brandName} specialists`}
          title={data.heroTitle}
          subtitle={data.heroSubtitle}
          aside={
            <Image
              src={data.heroImage.src}
              alt={data.heroImage.alt}
              width={data.heroImage.width}
              height={data.heroImage.height}
              priority
              className="hero-image"
            />
          }
        >
          <CallButtons />
        </PageHero>
        <div className="container trust-wrap">
          <TrustBadges items={data.trust} />
        </div>
        <Section id="steps" title={`Sell Your ${data.brandName} in 3 Steps`}>
          <ProcessSteps steps={data.steps} />
        </Section>
        <Section id="why-us" tone="muted" title={`Why Sell Your ${data.brandName} to Us`}>
          <p className="prose-block">{data.brandSpecialty}</p>
          <InfoCards cards={data.whyUs} />
        </Section>
        <Section id="authentication" title={`How We Authenticate ${data.brandName} Watches`}>
          <p className="prose-block">{data.authenticationDetails}</p>
          <InfoCards cards={data.checks} />
          <dl className="stats">
            {data.stats.map((s) => (
              <div key={s.label} className="stat">
                <dt>{s.label}</dt>
                <dd>{s.value}</dd>
              </div>
            ))}
          </dl>
        </Section>
        <Section id="models" tone="muted" title={`Popular ${data.brandName} Models We Buy`}>
          <ul className="model-grid">
            {data.popularModels.map((model) => (
              <li key={model} className="model">
                <Icon name="watch" size={20} />
                <span>
                  {data.brandName} {model}
                </span>
              </li>
            ))}
          </ul>
          <p className="section-more">
            <Link
              to="/sell"
              search={{ brand: brandChoiceFor(data.brandName) }}
              className="button button-gold"
            >
              Get Your Free Valuation
            </Link>
          </p>
        </Section>
        <Section id="testimonials" title="What Sellers Say">
          <Testimonials items={data.testimonials} />
        </Section>
        <Section id="faq" tone="muted" title={`Selling a ${data.brandName}: FAQ`}>
          <div className="narrow">
            <FaqAccordion items={data.faqs} />
          </div>
        </Section>
        <ClosingCta
          title={`Ready to Sell Your ${data.brandName}?`}
          text="Get a free, no-obligation valuation from our specialists today."
        />
      </main>
    </SellPreset>
  );
}
