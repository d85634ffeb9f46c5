import type { LegalPageData } from '#shared/content/pages/types.ts';
import { SmartLink } from '../components/SmartLink.tsx';

const urlPattern = /(https:\/\/[^\s,]*[^\s,.])/;

/** Paragraph text with any https URL turned into a link. */
function Linked({ text }: { text: string }) {
  const parts = text.split(urlPattern);
  return parts.map((part, index) =>
    urlPattern.test(part) ? (
      <SmartLink key={index} href={part}>
        {part}
      </SmartLink>
    ) : (
      part
    ),
  );
}

export function LegalPage({ data }: { data: LegalPageData }) {
  const doc = data.document;
  return (
    <main className="page legal">
      <header className="legal-header">
        <h1>{doc.title}</h1>
        <p className="muted">Last updated {doc.lastUpdated}</p>
        <p className="lead">{doc.intro}</p>
      </header>
      <nav aria-label="On this page" className="legal-toc">
        <ol>
          {doc.sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.heading.replace(/^\d+\.\s*/, '')}</a>
            </li>
          ))}
        </ol>
      </nav>
      {doc.sections.map((s) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="legal-section">
          <h2 id={`${s.id}-title`}>{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>
              <Linked text={p} />
            </p>
          ))}
          {s.items && (
            <ul>
              {s.items.map((item) => (
                <li key={item}>
                  <Linked text={item} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </main>
  );
}
