import { AUTH_MESSAGES } from './messages.ts';

/**
 * The strength rule for a password someone chooses (decision 046): zxcvbn-ts's estimate with the
 * common and English dictionaries, plus the site's name and the person's address as words an
 * attacker would try first, must reach score 3 ("safely unguessable: moderate protection from an
 * offline slow-hash scenario", about 10^8 guesses). One rule and one message for the server and
 * every form that sets a password; only the loading differs (the dictionaries are ~1 MB, so the
 * client loads them on an admin form, never on a public page).
 */
export const MIN_PASSWORD_SCORE = 3;

/** zxcvbn's check, reduced to what the rule reads. */
export type PasswordEstimator = (password: string, userInputs: string[]) => { score: number };

export interface PasswordContext {
  /** The address the account is (or will be) for. */
  email: string;
  /** The business's name as the site shows it (`site.name`). */
  siteName: string;
}

/** The words specific to this site and person that a guesser tries first. */
export function passwordUserInputs({ email, siteName }: PasswordContext): string[] {
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  const name = siteName.trim().toLowerCase();
  return [
    ...new Set(
      [
        address,
        local,
        ...local.split(/[^a-z0-9]+/),
        name,
        name.replaceAll(/\s+/g, ''),
        ...name.split(/\s+/),
      ].filter((word) => word.length >= 3),
    ),
  ];
}

/** The message to show for a password that breaks the rule, or null when it is acceptable. */
export function passwordStrengthProblem(
  estimate: PasswordEstimator,
  password: string,
  context: PasswordContext,
): string | null {
  const normalised = password.trim().toLowerCase();
  const address = context.email.trim().toLowerCase();
  if (normalised === address || normalised === address.split('@')[0]) return AUTH_MESSAGES.passwordIsEmail;
  return estimate(password, passwordUserInputs(context)).score >= MIN_PASSWORD_SCORE
    ? null
    : AUTH_MESSAGES.weakPassword;
}

let estimator: Promise<PasswordEstimator> | null = null;

/**
 * zxcvbn-ts with the common and English dictionaries, built once. Imported dynamically so a
 * bundler puts the dictionaries in a chunk of their own, fetched only when a form asks.
 */
export function loadPasswordEstimator(): Promise<PasswordEstimator> {
  estimator ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([core, common, en]) => {
    const zxcvbn = new core.ZxcvbnFactory({
      translations: en.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary },
      // Bounded work per check (decision 046): with the defaults (100 l33t substitutions, 256
      // characters) one random 128-character password took 5.2 s of CPU; with these, 0.3-0.4 s,
      // and the weak passwords score as before. What lies past 64 characters is not estimated.
      l33tMaxSubstitutions: 10,
      maxLength: 64,
    });
    return (password: string, userInputs: string[]) => zxcvbn.check(password, userInputs);
  });
  return estimator;
}

/** The rule with the estimator loaded: what the server and the forms call. */
export async function newPasswordStrengthProblem(
  password: string,
  context: PasswordContext,
): Promise<string | null> {
  return passwordStrengthProblem(await loadPasswordEstimator(), password, context);
}
