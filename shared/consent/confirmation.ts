import { z } from 'zod';

/** The /confirm-subscription page's input (decision 016); words and types are in messages.ts. */

// A token is 71 characters; the cap only keeps absurd input away from the verifier.
const token = z.string().trim().min(1).max(256);

export const consentConfirmationInputSchema = z.object({ token });
