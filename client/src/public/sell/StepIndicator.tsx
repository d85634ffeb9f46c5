import { STEPS } from './form-state.ts';

export function StepIndicator({ current }: { current: number }) {
  return (
    <nav aria-label="Form progress" className="sell-steps">
      <ol>
        {STEPS.map((step, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          return (
            <li
              key={step.title}
              className={`sell-step sell-step--${state}`}
              aria-current={index === current ? 'step' : undefined}
            >
              <span className="sell-step__number" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className="sell-step__title">
                {step.title}
                {state === 'done' && <span className="sell-visually-hidden"> (completed)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
