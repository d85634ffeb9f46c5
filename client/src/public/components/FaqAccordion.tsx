import { useId, useState } from 'react';
import type { FaqItem } from '#shared/content/types.ts';
import { Icon } from '../../ui/Icon.tsx';

/** One answer open at a time; the open one closes again when its question is pressed (docs/spec/public-site.md §4). */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <div className="faq">
      {items.map((item, index) => {
        const expanded = open === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div className="faq-item" key={item.question} data-open={expanded}>
            <h3 className="faq-question">
              <button
                id={buttonId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : index)}
              >
                <span>{item.question}</span>
                <Icon name="chevron-down" size={20} className="faq-chevron" />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className="faq-answer"
              hidden={!expanded}
            >
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
