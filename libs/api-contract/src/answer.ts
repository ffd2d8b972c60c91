import { z } from 'zod';

/** `{ success: true, ...fields }`: every successful REST answer (a refusal is `{ success: false, error, code }`). */
export function ok<T extends z.ZodRawShape>(shape: T) {
  return z.object({ success: z.literal(true), ...shape });
}

/** An action done, answered with the text people see (pt-BR), e.g. 'Senha alterada com sucesso!'. */
export const doneAnswerSchema = ok({ message: z.string() });
export type DoneAnswer = z.infer<typeof doneAnswerSchema>;

/** An action done with nothing to say (sign-out, sandbox acks). */
export const emptyAnswerSchema = ok({});
export type EmptyAnswer = z.infer<typeof emptyAnswerSchema>;
