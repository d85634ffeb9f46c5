import { Link } from '@tanstack/react-router';
import type { HomePageData } from '#shared/content/pages/types.ts';
import { FaqAccordion } from '../components/FaqAccordion.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Image } from '../components/Image.tsx';
import {
  BrandGrid,
  CallButtons,
  CityGrid,
  ClosingCta,
  InfoCards,
  PageHero,
  ProcessSteps,
  ResourceLinks,
  Section,
  Testimonials,
  TrustBadges,
} from '../components/sections.tsx';
import { SmartLink } from '../components/SmartLink.tsx';

export function HomePage({ data }: { data: HomePageData }) {
  return (
    <main>
      <PageHero
        eyebrow="Australia’s luxury watch buyer"
        title={data.hero.title}
        subtitle={data.hero.subtitle}
      >
        <CallButtons />
      </PageHero>
      <div className="container trust-wrap">
        <TrustBadges items={data.trustBadges} />
      </div>
      <Section id="how-to-sell" title="How to Sell Your Watch" intro="Three steps from enquiry to payment.">
        <ProcessSteps steps={data.steps} />
      </Section>
      <Section
        id="authentication"
        tone="muted"
        title="Our Authentication Process"
        intro="Every watch is examined by certified watchmakers before we confirm an offer."
      >
        <InfoCards cards={data.authenticationCards} />
        <p className="section-more">
          <Link to="/watch-authentication" className="text-link">
            How we authenticate watches <Icon name="arrow-right" size={16} />
          </Link>
        </p>
      </Section>
      <Section
        id="brands"
        title="Brands We Buy"
        intro="Specialist valuations for the world’s finest watchmakers."
      >
        <BrandGrid brands={data.brands} />
      </Section>
      <Section
        id="cities"
        tone="muted"
        title="Where We Buy"
        intro="Private appointments in every capital city."
      >
        <CityGrid cities={data.cities} />
      </Section>
      <Section id="testimonials" title="What Sellers Say">
        <Testimonials items={data.testimonials} />
      </Section>
      <Section
        id="recent"
        tone="muted"
        title="Recent Purchases"
        intro="A few of the watches we have bought lately."
      >
        <ul className="gallery">
          {data.recentPurchases.map((p) => (
            <li key={p.src}>
              <Image src={p.src} alt={p.alt} width={p.width} height={p.height} />
            </li>
          ))}
        </ul>
        {data.instagramUrl && (
          <p className="section-more">
            <a href={data.instagramUrl} className="text-link" target="_blank" rel="noopener noreferrer">
              <Icon name="instagram" size={18} /> See more of our recent purchases on Instagram
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        )}
      </Section>
      <Section id="faq" title="Frequently Asked Questions">
        <div className="narrow">
          <FaqAccordion items={data.faqs} />
        </div>
      </Section>
      <Section id="resources" tone="muted" title="Industry Resources" intro="Guides from our specialists.">
        <ResourceLinks links={data.resources} />
      </Section>
      <ClosingCta
        title="Ready to Sell Your Luxury Watch?"
        text="Get a free, no-obligation valuation from certified watchmakers today."
      />
      <Section id="quick-answers" title="People Also Ask" intro="Quick answers to common questions.">
        <div className="quick-answers">
          {data.quickAnswers.map((qa) => (
            <article key={qa.question} className="card quick-answer">
              <h3>{qa.question}</h3>
              <p>{qa.answer}</p>
              {qa.link && (
                <SmartLink href={qa.link.to} className="text-link">
                  {qa.link.label} <Icon name="arrow-right" size={16} />
                </SmartLink>
              )}
            </article>
          ))}
        </div>
        <div className="complete-guide card">
          <h3>{data.completeGuide.title}</h3>
          <p>{data.completeGuide.description}</p>
          <SmartLink href={data.completeGuide.url} className="button button-outline">
            Read the Complete Guide
          </SmartLink>
        </div>
      </Section>
    </main>
  );
}
